import path from 'node:path';
import type { Database } from '../../platform/db/db.ts';
import type { ContextProvider, FileContext, RunFile } from './context-provider.ts';
import type { DocumentCopy } from './document-copies.ts';
import { outcomeEventId } from './document-outcome.ts';
import type { IngestQueue } from './ingest-queue.ts';
import type { Parser, Problem } from '../shared/parser.ts';
import type { ParserRegistry } from '../formats/parser-registry.ts';
import { type IncomingDocument, type ReceivedDocument, receiveDocuments, UNKNOWN_FORMAT } from './receive-document.ts';
import { loadRawDocuments } from './raw-documents.ts';
import { existingOutcomes, type RunState, waitForOutcomes } from './run-outcomes.ts';
import { type InputFile, inputFromBytes } from './sources/read-inputs.ts';

export interface IngestDeps {
  readonly db: Database;
  readonly parsers: ParserRegistry;
  readonly queue: IngestQueue;
  readonly contextProviders?: readonly ContextProvider[];
  /** Runs after each priority group, e.g. to project companies before files that name them. */
  readonly afterGroup?: () => Promise<void>;
}

export interface IngestOptions {
  /** Parse again even documents this parser version already handled. */
  readonly reparse?: boolean;
  /** knownAt for files whose content and context do not say. */
  readonly knownAt?: string;
  /**
   * The operator vouches for the files' names: a time a name states (Parser.nameKnownAt, e.g.
   * NSE's upload time in an attachment's name) is stated as the file's knownAt. Off by
   * default: a name is whatever the sender chose (docs/adr/0007-known-at-sources.md).
   */
  readonly trustFileNames?: boolean;
  readonly source?: string;
  readonly onProgress?: (progress: IngestProgress) => void;
  readonly pollMs?: number;
  /** Stops waiting for outcomes (the jobs stay queued and finish later). */
  readonly signal?: AbortSignal;
}

export interface IngestProgress {
  readonly total: number;
  readonly done: number;
  readonly rows: number;
  readonly events: number;
  readonly rejected: number;
}

export interface IngestSummary {
  readonly files: number;
  /** New bytes stored, and documents already stored before this run. */
  readonly stored: number;
  readonly alreadyStored: number;
  readonly parsed: number;
  readonly rejected: number;
  /** Documents handled before by the current parser versions, so not parsed again. */
  readonly unchanged: number;
  /** Jobs that failed after all retries (dead letters), not counting rejections. */
  readonly failed: number;
  /** Rows read and events appended by this run. */
  readonly rows: number;
  readonly events: number;
  readonly seconds: number;
  readonly rejections: ReadonlyArray<{ fileName: string; reason: string; problems: readonly Problem[] }>;
  readonly inputProblems: readonly Problem[];
  /** Documents stored before that this run's files gave the context they lacked, parsed again with it. */
  readonly reparsedWithContext?: number;
}

interface Planned extends RunFile {
  readonly parser: Parser | undefined;
  readonly origin: string;
  readonly knownAt?: string;
}

interface Tracked {
  readonly received: ReceivedDocument;
  readonly outcomeId: string;
  readonly fresh: boolean;
}

const priorityOf = (file: Planned) => file.parser?.priority ?? 9;

/**
 * The knownAt stated for a file, most specific first: its context (a listing), its folder's
 * known-at.json, its name when the operator trusts names, then the run's --known-at. Null
 * when nobody stated one: the parser then dates it by its content or its receipt.
 */
function statedKnownAt(file: Planned, context: FileContext, options: IngestOptions): string | null {
  const fromName = options.trustFileNames ? (file.parser?.nameKnownAt?.(file.fileName) ?? undefined) : undefined;
  return context.knownAt ?? file.knownAt ?? fromName ?? options.knownAt ?? null;
}

/**
 * Detects each file's format from its head (unless it comes with a format a parser knows),
 * the one detection a file gets: the format travels with it into the store, and with its
 * job to the worker.
 */
async function plan(parsers: ParserRegistry, files: readonly InputFile[]): Promise<Planned[]> {
  const planned: Planned[] = [];
  for (const file of files) {
    const known = file.format === undefined ? undefined : parsers.byFormat(file.format);
    const parser = known ?? parsers.detect(path.basename(file.fileName), await file.readHead());
    planned.push({ ...file, format: parser?.format ?? UNKNOWN_FORMAT, parser });
  }
  return planned.sort((a, b) => priorityOf(a) - priorityOf(b));
}

async function contextFinder(providers: readonly ContextProvider[], run: readonly RunFile[]) {
  const finders = await Promise.all(providers.map((provider) => provider.prepare(run)));
  return (file: RunFile): FileContext => finders.reduce<FileContext>((context, find) => ({ ...context, ...find(file) }), {});
}

const CHUNK = 100;

function trackedFor(deps: IngestDeps, received: ReceivedDocument, fresh: boolean): Tracked {
  const parser = deps.parsers.byFormat(received.format);
  return {
    received,
    outcomeId: outcomeEventId(received.documentId, parser?.format ?? UNKNOWN_FORMAT, parser?.version ?? 1, received.contextKey),
    fresh,
  };
}

/**
 * Enqueues the documents of `group` that need parsing (new, newly in context, never parsed
 * by the current parser version, or all with `reparse`); the rest keep their outcome.
 */
async function dispatch(
  deps: IngestDeps,
  group: readonly Tracked[],
  priority: number,
  run: RunState,
  options: IngestOptions,
): Promise<void> {
  const before = await existingOutcomes(
    deps.db,
    group.map((t) => t.outcomeId),
    false,
  );
  // One job per outcome: copies of one document in a run are parsed once.
  const toRun = [
    ...new Map(group.filter((t) => options.reparse || t.fresh || !before.has(t.outcomeId)).map((t) => [t.outcomeId, t])).values(),
  ];
  const running = new Set(toRun.map((t) => t.outcomeId));
  for (const [id, outcome] of before) if (!running.has(id)) run.outcomes.set(id, outcome);
  run.progress.done += group.length - toRun.length;
  // A document stored now has the format this run detected: the worker need not detect it again.
  const jobs = toRun.map(({ received }) => ({
    documentId: received.documentId,
    priority,
    ...(received.outcome === 'stored' ? { format: received.format } : {}),
  }));
  const jobIds = await deps.queue.enqueue(jobs);
  toRun.forEach((t, i) => run.pending.set(jobIds[i] as string, t.outcomeId));
}

/**
 * Ingests files end to end: detects each format, stores and records every file before
 * anything parses it, enqueues one job per document as soon as it is stored (master lists
 * first, then the rest, with `afterGroup` in between), and waits until each has an
 * outcome. A bad file becomes a rejection in the summary; it never stops the run.
 */
export async function ingestInputs(deps: IngestDeps, files: readonly InputFile[], options: IngestOptions = {}): Promise<IngestSummary> {
  const started = Date.now();
  const planned = await plan(deps.parsers, files);
  const contextOf = await contextFinder(deps.contextProviders ?? [], planned);
  const tracked: Tracked[] = [];
  const run: RunState = {
    outcomes: new Map(),
    pending: new Map(),
    progress: { total: planned.length, done: 0, rows: 0, events: 0, rejected: 0 },
    failed: 0,
  };

  for (const priority of [...new Set(planned.map(priorityOf))]) {
    const members = planned.filter((f) => priorityOf(f) === priority);
    for (let i = 0; i < members.length; i += CHUNK) {
      const incoming: IncomingDocument[] = [];
      for (const file of members.slice(i, i + CHUNK)) {
        const context = contextOf(file);
        incoming.push({
          bytes: await file.read(),
          fileName: file.fileName,
          sourceUrl: context.sourceUrl ?? null,
          knownAt: statedKnownAt(file, context, options),
          attributes: context.attributes ?? {},
          source: options.source ?? 'file',
          format: file.format,
        });
      }
      const chunk = (await receiveDocuments(deps.db, deps.parsers, incoming)).map((received) =>
        trackedFor(deps, received, received.outcome === 'stored' || received.contextChanged),
      );
      tracked.push(...chunk);
      await dispatch(deps, chunk, priority, run, options);
    }
    await waitForOutcomes(deps, run, options);
    await deps.afterGroup?.();
  }
  const summary = summarise(tracked, run, started, planned.length);
  const waiting = await awaitingContext(deps, planned);
  if (waiting.length === 0) return summary;
  const again = await ingestInputs(deps, waiting, { ...options, onProgress: () => undefined });
  return { ...summary, rows: summary.rows + again.rows, events: summary.events + again.events, reparsedWithContext: again.parsed };
}

/**
 * Copies of stored documents this run's files give the context they lacked (an XBRL file
 * received before its listing), as inputs to ingest again under the names they came
 * under: received again with the context, they are parsed again, and the result is the
 * same as if the listing had come first.
 */
async function awaitingContext(deps: IngestDeps, run: readonly RunFile[]): Promise<InputFile[]> {
  const copies = new Map<string, DocumentCopy>();
  for (const provider of deps.contextProviders ?? []) {
    for (const copy of (await provider.awaiting?.(run)) ?? []) copies.set(`${copy.documentId}/${copy.fileName}`, copy);
  }
  if (copies.size === 0) return [];
  const documents = new Map(
    (await loadRawDocuments(deps.db, [...new Set([...copies.values()].map((c) => c.documentId))])).map((d) => [d.documentId, d]),
  );
  return [...copies.values()].flatMap((copy) => {
    const doc = documents.get(copy.documentId);
    return doc ? [inputFromBytes(copy.fileName, `stored document ${doc.documentId}`, doc.bytes, doc.format)] : [];
  });
}

/** Parses stored documents again (after a parser fix), e.g. all of one format. */
export async function reparseStored(
  deps: IngestDeps,
  documents: ReadonlyArray<{ documentId: string; fileName: string; format: string; contextKey: string }>,
  options: Omit<IngestOptions, 'reparse'> = {},
): Promise<IngestSummary> {
  const started = Date.now();
  const run: RunState = {
    outcomes: new Map(),
    pending: new Map(),
    progress: { total: documents.length, done: 0, rows: 0, events: 0, rejected: 0 },
    failed: 0,
  };
  const tracked = documents.map((doc) => trackedFor(deps, { ...doc, outcome: 'known', contextChanged: false }, true));
  const byPriority = (t: Tracked) => deps.parsers.byFormat(t.received.format)?.priority ?? 9;
  for (const priority of [...new Set(tracked.map(byPriority))].sort((a, b) => a - b)) {
    await dispatch(
      deps,
      tracked.filter((t) => byPriority(t) === priority),
      priority,
      run,
      { ...options, reparse: true },
    );
    await waitForOutcomes(deps, run, options);
    await deps.afterGroup?.();
  }
  return summarise(tracked, run, started, documents.length);
}

function summarise(tracked: readonly Tracked[], run: RunState, started: number, files: number): IngestSummary {
  const { outcomes, failed } = run;
  let parsed = 0;
  let rejected = 0;
  let rows = 0;
  let events = 0;
  const rejections: Array<{ fileName: string; reason: string; problems: readonly Problem[] }> = [];
  for (const t of tracked) {
    const outcome = outcomes.get(t.outcomeId);
    if (!outcome) continue;
    if (outcome.type === 'DocumentRejected') {
      rejected += 1;
      rejections.push({ fileName: t.received.fileName, reason: outcome.data.reason ?? '', problems: outcome.data.problems ?? [] });
    } else {
      parsed += 1;
    }
    if (outcome.now) {
      rows += outcome.data.rows ?? 0;
      events += outcome.data.events ?? 0;
    }
  }
  return {
    files,
    stored: tracked.filter((t) => t.received.outcome === 'stored').length,
    alreadyStored: tracked.filter((t) => t.received.outcome === 'known').length,
    parsed,
    rejected,
    unchanged: tracked.filter((t) => outcomes.get(t.outcomeId)?.now === false).length,
    failed,
    rows,
    events,
    seconds: (Date.now() - started) / 1000,
    rejections,
    inputProblems: [],
  };
}
