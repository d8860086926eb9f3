import type { z } from 'zod';
import { instantOf } from '#schemas/common';
import type { McpToolName } from '#schemas/mcp';
import type { Company, CompanyIdentity } from '#schemas/read-models';
import type { McpDeps } from './mcp-deps.ts';
import type { DatasetName } from '#read/datasets';
import { refusingNulCharacters } from './nul-free-input.ts';
import { optionalCompany, requireCompany } from './require-company.ts';

/** What a tool run gets besides its input. */
export interface ToolContext {
  readonly deps: McpDeps;
  /** Aborted when the client cancels the call or goes away. */
  readonly signal: AbortSignal;
}

/**
 * A read-only MCP tool: zod schemas for its input and output (the tool list is made from
 * them), a run over the same query modules the HTTP routes use, and a short text rendering
 * of its output. Failures are thrown as the catalogue's errors (src/platform/errors/) and become
 * tool errors the model can act on.
 */
export interface McpTool<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  readonly name: McpToolName;
  readonly title: string;
  /** The dataset the tool reads, if one: checked before `run`, so an unavailable one is the tool's error. */
  readonly dataset?: DatasetName;
  /** What the tool does and SPEC.md's routing rules for it: the model's documentation. */
  readonly description: string;
  readonly input: I;
  readonly output: O;
  run(input: z.output<I>, context: ToolContext): Promise<z.input<O>>;
  /** A few lines for clients that show text only; the data is in structuredContent. */
  render(output: z.output<O>): string;
}

/** A tool as declared: its description may be given as its sentences, which are joined with spaces. */
export interface McpToolDeclaration<I extends z.ZodObject, O extends z.ZodObject> extends Omit<McpTool<I, O>, 'description'> {
  readonly description: string | readonly string[];
}

/**
 * Declares a tool with its types tied to its schemas. Its input schema also refuses U+0000 in
 * any string (`refusingNulCharacters`), so that rule holds for every tool.
 */
export const defineTool = <I extends z.ZodObject, O extends z.ZodObject>(tool: McpToolDeclaration<I, O>): McpTool<I, O> => ({
  ...tool,
  input: refusingNulCharacters(tool.input),
  description: typeof tool.description === 'string' ? tool.description : tool.description.join(' '),
});

/** A tool as declared, but for its run: what the declarations of company tools share. */
type DeclarationWithoutRun<I extends z.ZodObject, O extends z.ZodObject> = Omit<McpToolDeclaration<I, O>, 'run'>;

/** The input fields of a tool about one company: the reference, and the instant its identifiers are read at. */
export interface CompanyInput {
  readonly company: string;
  readonly as_of?: string | undefined;
}

/** What a run of a tool about one company gets besides its input and the company. */
export interface CompanyToolContext extends ToolContext {
  /** `input.as_of` made explicit (instantOf): the instant the company was resolved at, and the tool reads at. */
  readonly asOf: string | undefined;
}

/** A tool about one company as declared: `run` gets the company its input names. */
export interface McpCompanyToolDeclaration<I extends z.ZodObject, O extends z.ZodObject> extends DeclarationWithoutRun<I, O> {
  run(input: z.output<I>, company: Company, context: CompanyToolContext): Promise<z.input<O>>;
}

/**
 * Declares a tool about one company. Before `run` (and after the dataset check) the company
 * `input.company` names exactly is resolved, its identifiers read as of `input.as_of`; a
 * reference that names no company exactly is the tool's error, listing the candidates.
 */
export const defineCompanyTool = <I extends z.ZodObject & z.ZodType<CompanyInput>, O extends z.ZodObject>(
  tool: McpCompanyToolDeclaration<I, O>,
): McpTool<I, O> =>
  defineTool<I, O>({
    ...tool,
    run: async (input, context) => {
      const asOf = instantOf(input.as_of);
      return tool.run(input, await requireCompany(context.deps, input.company, asOf), { ...context, asOf });
    },
  });

/** The input field of a tool about one company or all: the reference, if any. */
export interface OptionalCompanyInput {
  readonly company?: string | undefined;
}

/** A tool about one company or all as declared: `run` gets the company its input names, or null when it names none. */
export interface McpOptionalCompanyToolDeclaration<I extends z.ZodObject, O extends z.ZodObject> extends DeclarationWithoutRun<I, O> {
  run(input: z.output<I>, company: CompanyIdentity | null, context: ToolContext): Promise<z.input<O>>;
}

/**
 * Declares a tool about one company or all. Before `run` (and after the dataset check) the
 * company `input.company` names, when given, is resolved as for `defineCompanyTool`: a
 * reference that names no company exactly is the tool's error, listing the candidates.
 */
export const defineOptionalCompanyTool = <I extends z.ZodObject & z.ZodType<OptionalCompanyInput>, O extends z.ZodObject>(
  tool: McpOptionalCompanyToolDeclaration<I, O>,
): McpTool<I, O> =>
  defineTool<I, O>({
    ...tool,
    run: async (input, context) => tool.run(input, await optionalCompany(context.deps, input.company), context),
  });
