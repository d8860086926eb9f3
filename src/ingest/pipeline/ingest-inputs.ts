import path from 'node:path';
import type { Database } from '#platform/db';
import type { ContextProvider, FileContext, RunFile } from './context-provider.ts';
import { companyKeyOf } from './company-key.ts';
import type { DocumentCopy } from './document-copies.ts';
import { outcomeEventId, type IngestBus } from '#ingest/jobs';
import type { Parser, Problem } from '#ingest/shared/parser';
import type { ParserRegistry } from '#ingest/formats/parser-registry';
import { type IncomingDocument, type ReceivedDocument, receiveDocuments, UNKNOWN_FORMAT } from './receive-document.ts';
import { loadRawDocuments } from './raw-documents.ts';
import { refusalEventId, refuseDocuments } from './refuse-document.ts';
import { existingOutcomes, type RunState, waitForOutcomes } from './run-outcomes.ts';
import { type InputFile, inputFromBytes, type Refusal } from '#ingest/sources';

export interface IngestDeps {
  readonly db: Database;
  readonly parsers: ParserRegistry;
  readonly bus: IngestBus;
  readonly contextProviders?: readonly ContextProvider[];
  /**
   * Runs after each priority group, e.g. to project companies before files that name them;
   * `signal` (the run's) asks it to stop at its next step.
   */
  readonly afterGroup?: (signal?: AbortSignal) => Promise<void>;
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
  /** Stops waiting for outcomes (the jobs stay queued and finish later) and storing more files. */
  readonly signal?: AbortSignal;
  /**
   * Stops waiting for outcomes only: every file is still stored and its job queued, and the
   * summary lists the documents whose parse had not settled without an outcome (an upload
   * answers once its documents are stored, with what has settled by then).
   */
  readonly waitSignal?: AbortSignal;
}

/** One document of a run: what receiving it did, and its parse's outcome once settled. */
export interface IngestedDocument {
  readonly fileName: string;
  readonly documentId: string;
  readonly format: string;
  /** stored: new bytes; known: held before; refused: over a limit, its bytes not kept. */
  readonly received: ReceivedDocument['outcome'];
  /** The outcome event's id: the document's parse under this context, settled or not. */
  readonly outcomeId: string;
  /** Its parse: parsed or rejected (with the reason); absent while it has not settled. */
  readonly outcome?: { readonly type: 'DocumentParsed' | 'DocumentRejected'; readonly reason?: string | undefined } | undefined;
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
  /** Each file of the run as a document, in the order received (refused files first). */
  readonly documents: readonly IngestedDocument[];
}

interface Planned extends RunFile {
  readonly parser: Parser | undefined;
  readonly origin: string;
  readonly knownAt?: string;
  readonly sourceUrl?: string;
  readonly attributes?: Readonly<Record<string, unknown>>;
  readonly refusal?: Refusal;
}

interface Tracked {
  readonly received: ReceivedDocument;
  readonly outcomeId: string;
  readonly fresh: boolean;
  /** The name this run received it under (the document keeps its earliest copy's name). */
  readonly name: string;
  /** Its job's ordering key: the company its delivery names, if any (company-key.ts). */
  readonly key?: string | undefined;
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
async function plan(parsers: ParserRegistry, files: readonly InputFile[], problems: Problem[]): Promise<Planned[]> {
  const planned: Planned[] = [];
  for (const file of files) {
    const known = file.format === undefined ? undefined : parsers.byFormat(file.format);
    const head = known ? undefined : await readOrReport(file, () => file.readHead(), problems);
    if (!known && !head) continue;
    const parser = known ?? (head && parsers.detect(path.basename(file.fileName), head));
    planned.push({ ...file, format: parser?.format ?? UNKNOWN_FORMAT, parser });
  }
  return planned.sort((a, b) => priorityOf(a) - priorityOf(b));
}

/**
 * Reads a file, or reports why it could not be read (it vanished, or became a link or
 * grew past the limit after it was listed) and skips it: one file never stops the run.
 */
async function readOrReport(
  file: { readonly origin: string },
  read: () => Promise<Uint8Array>,
  problems: Problem[],
): Promise<Uint8Array | undefined> {
  try {
    return await read();
  } catch (error) {
    problems.push({ where: file.origin, message: `skipped: ${error instanceof Error ? error.message : String(error)}` });
    return undefined;
  }
}

/**
 * Records the refused files (over a size limit) as rejected at receipt, before anything
 * else of the run: no job, no parse, no bytes kept. A refused file whose bytes are stored
 * already (received under higher limits) is reported, and left as it is.
 */
async function refuse(
  deps: IngestDeps,
  refused: readonly Planned[],
  run: RunState,
  options: IngestOptions,
  problems: Problem[],
): Promise<Tracked[]> {
  const deliveries = refused.flatMap((file) =>
    file.refusal
      ? [
          {
            file,
            delivery: {
              refusal: file.refusal,
              fileName: file.fileName,
              format: file.parser?.format ?? UNKNOWN_FORMAT,
              parserVersion: file.parser?.version ?? 1,
              sourceUrl: file.sourceUrl ?? null,
              knownAt: file.knownAt ?? options.knownAt ?? null,
              attributes: file.attributes ?? {},
              source: options.source ?? 'file',
            },
          },
        ]
      : [],
  );
  if (deliveries.length === 0) return [];
  // What earlier runs recorded: the same file refused again under the same limits is unchanged.
  const before = await existingOutcomes(
    deps.db,
    deliveries.map(({ delivery: { refusal } }) => refusalEventId(refusal.documentId, refusal.rule)),
    false,
  );
  const ids = await refuseDocuments(
    deps.db,
    deliveries.map((d) => d.delivery),
  );
  const tracked: Tracked[] = [];
  deliveries.forEach(({ file, delivery }, i) => {
    const id = ids[i];
    run.progress.done += 1;
    if (id === undefined) {
      const message = `${delivery.refusal.reason}; the same bytes were stored before, under higher limits, and are left as they are`;
      problems.push({ where: file.origin, message });
      return;
    }
    const outcome = before.get(id) ?? { type: 'DocumentRejected', data: { reason: delivery.refusal.reason, problems: [] }, now: true };
    run.outcomes.set(id, outcome);
    run.progress.rejected += 1;
    const { documentId } = delivery.refusal;
    const received: ReceivedDocument = {
      documentId,
      fileName: file.fileName,
      format: delivery.format,
      outcome: 'refused',
      contextChanged: false,
      contextKey: '',
    };
    tracked.push({ received, outcomeId: id, fresh: true, name: file.fileName });
  });
  return tracked;
}

async function contextFinder(providers: readonly ContextProvider[], run: readonly RunFile[]) {
  const finders = await Promise.all(providers.map((provider) => provider.prepare(run)));
  // A later provider's knownAt and URL win; attributes add up (a connector's fetch record beside a listing's row).
  return (file: RunFile): FileContext =>
    finders.reduce<FileContext>((context, find) => {
      const found = find(file);
      if (!found) return context;
      const attributes = context.attributes || found.attributes ? { ...context.attributes, ...found.attributes } : undefined;
      return { ...context, ...found, ...(attributes ? { attributes } : {}) };
    }, {});
}

/** Files received (stored with their receipts) per transaction: at most this many... */
const CHUNK = 100;
/**
 * ...and, past the first file, at most this many bytes: on embedded PGlite a transaction
 * holds the one connection reads wait for (ADR 14); storing 5 MB of files took 0.2 s, and
 * a megabyte still 80 to 150 ms.
 */
const CHUNK_BYTES = 320 * 1024;

function trackedFor(deps: IngestDeps, received: ReceivedDocument, fresh: boolean, name = received.fileName, key?: string): Tracked {
  const parser = deps.parsers.byFormat(received.format);
  return {
    key,
    received,
    outcomeId: outcomeEventId(received.documentId, parser?.format ?? UNKNOWN_FORMAT, parser?.version ?? 1, received.contextKey),
    fresh,
    name,
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
  const jobs = toRun.map(({ received, key }) => ({
    documentId: received.documentId,
    priority,
    ...(key ? { key } : {}),
    ...(received.outcome === 'stored' ? { format: received.format } : {}),
  }));
  const jobIds = await deps.bus.enqueue(jobs);
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
  const problems: Problem[] = [];
  const all = await plan(deps.parsers, files, problems);
  const planned = all.filter((file) => !file.refusal);
  const contextOf = await contextFinder(deps.contextProviders ?? [], planned);
  const run: RunState = {
    outcomes: new Map(),
    pending: new Map(),
    progress: { total: all.length, done: 0, rows: 0, events: 0, rejected: 0 },
    failed: 0,
  };
  const tracked: Tracked[] = await refuse(
    deps,
    all.filter((file) => file.refusal),
    run,
    options,
    problems,
  );

  for (const priority of [...new Set(planned.map(priorityOf))]) {
    // Told to stop: the files not yet stored are left for another run (a service stopping
    // would otherwise store and enqueue the rest of a large folder first).
    if (options.signal?.aborted) break;
    const members = planned.filter((f) => priorityOf(f) === priority);
    for (let i = 0; i < members.length;) {
      const incoming: IncomingDocument[] = [];
      const names: string[] = [];
      let chunkBytes = 0;
      for (let file = members[i]; file && incoming.length < CHUNK && chunkBytes < CHUNK_BYTES; file = members[++i]) {
        const bytes = await readOrReport(file, () => file.read(), problems);
        if (!bytes) {
          run.progress.done += 1;
          continue;
        }
        chunkBytes += bytes.length;
        const context = contextOf(file);
        names.push(file.fileName);
        incoming.push({
          bytes,
          fileName: file.fileName,
          sourceUrl: context.sourceUrl ?? file.sourceUrl ?? null,
          knownAt: statedKnownAt(file, context, options),
          attributes: { ...file.attributes, ...context.attributes },
          source: options.source ?? 'file',
          format: file.format,
        });
      }
      if (incoming.length === 0) continue;
      const chunk = (await receiveDocuments(deps.db, deps.parsers, incoming)).map((received, n) =>
        trackedFor(
          deps,
          received,
          received.outcome === 'stored' || received.contextChanged,
          names[n],
          companyKeyOf(incoming[n]?.attributes ?? {}),
        ),
      );
      tracked.push(...chunk);
      await dispatch(deps, chunk, priority, run, options);
    }
    const signal = waitSignalOf(options);
    await waitForOutcomes(deps, run, { ...options, ...(signal ? { signal } : {}) });
    // Told to stop: the next group is not stored, so nothing waits for this catch-up, which
    // the projector does anyway (on the sample's master lists it is seconds of work).
    if (options.signal?.aborted) break;
    await deps.afterGroup?.(options.signal);
  }
  const summary = { ...summarise(tracked, run, started, all.length), inputProblems: problems };
  if (options.signal?.aborted) return summary;
  const waiting = await awaitingContext(deps, planned);
  if (waiting.length === 0) return summary;
  const again = await ingestInputs(deps, waiting, { ...options, onProgress: () => undefined });
  return {
    ...summary,
    documents: summary.documents,
    rows: summary.rows + again.rows,
    events: summary.events + again.events,
    reparsedWithContext: again.parsed,
    inputProblems: [...problems, ...again.inputProblems],
  };
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

/** What stops a run waiting for outcomes: `signal` (which also stops it storing) or `waitSignal`. */
function waitSignalOf(options: IngestOptions): AbortSignal | undefined {
  if (!options.waitSignal) return options.signal;
  return options.signal ? AbortSignal.any([options.signal, options.waitSignal]) : options.waitSignal;
}

function documentOf(t: Tracked, run: RunState): IngestedDocument {
  const outcome = run.outcomes.get(t.outcomeId);
  return {
    fileName: t.name,
    documentId: t.received.documentId,
    format: t.received.format,
    received: t.received.outcome,
    outcomeId: t.outcomeId,
    outcome: outcome && { type: outcome.type, ...(outcome.data.reason === undefined ? {} : { reason: outcome.data.reason }) },
  };
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
      rejections.push({ fileName: t.name, reason: outcome.data.reason ?? '', problems: outcome.data.problems ?? [] });
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
    documents: tracked.map((t) => documentOf(t, run)),
  };
}
