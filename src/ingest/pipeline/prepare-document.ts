import path from 'node:path';
import { type DomainEvent, streamFor } from '#schemas/events';
import { EventValidationError } from '#platform/errors';
import { prepareEvents, domainEventRegistry, type NewEvent } from '#platform/event-store';
import { type ParserRegistry, unknownFormatReason } from '#ingest/formats/parser-registry';
import {
  type CompanyLookup,
  encodingNote,
  type EventRun,
  EventRunError,
  type ParseOutcome,
  type Parser,
  type Problem,
  type RunOutcome,
} from '#ingest/shared/parser';
import { contextKeyOf, type DocumentOutcome, outcomeEventId, outcomeReport } from '#ingest/jobs';
import type { RawDocument } from './raw-documents.ts';
import { UNKNOWN_FORMAT } from './receive-document.ts';
import { createEventSink, type PreparedEvents, type PreparedStream, type SpillTo } from './spilled-events.ts';

export type { PreparedStream } from './spilled-events.ts';

const MAX_PROBLEMS = 100;

/**
 * A document's outcome with its events validated and grouped by stream, ready to append:
 * plain data (strings and numbers), so a parse thread can hand it to the thread that writes.
 * A parse whose events' text passed the spill limit has them in the file `spilled` instead,
 * in the order made (spilled-events.ts), and `streams` empty.
 */
export type PreparedOutcome = PreparedEvents & {
  readonly outcome: DocumentOutcome;
  /** The outcome event, appended after every other event of the parse. */
  readonly outcomeStream: PreparedStream;
  /** The format detected now for a document stored as of no known format, to store with it. */
  readonly detectedFormat?: string;
};

/**
 * Picks the parser: the format found at receipt, else detection, for a document stored as
 * unknown before (a parser may be new since). A document this run found no parser for when
 * it received it (`detected`) is not detected again.
 */
function parserFor(parsers: ParserRegistry, document: RawDocument, detected: string | undefined): Parser | undefined {
  const known = parsers.byFormat(document.format);
  if (known || detected === document.format) return known;
  return parsers.detect(path.basename(document.fileName), document.bytes);
}

/** A parse whose events are held, as a run that hands them over. */
const heldRun = (events: readonly NewEvent<DomainEvent>[]): EventRun => ({ count: events.length, make: () => events });

function asRun(outcome: ParseOutcome): RunOutcome {
  return outcome.ok ? { ok: true, run: heldRun(outcome.events), rows: outcome.rows, problems: outcome.problems } : outcome;
}

async function parse(parser: Parser, document: RawDocument, companies: CompanyLookup): Promise<RunOutcome> {
  try {
    const extracted = await parser.extract?.(document.bytes);
    const input = {
      bytes: document.bytes,
      fileName: path.basename(document.fileName),
      sha256: document.documentId,
      sourceUrl: document.sourceUrl,
      knownAt: document.knownAt,
      receivedAt: document.receivedAt,
      attributes: { ...document.attributes, ...extracted },
      contextKey: contextKeyOf(document),
      companies,
    };
    // A parser that makes its events as they are taken is asked to: they are never all held.
    return parser.parseRun ? parser.parseRun(input) : asRun(parser.parse(input));
  } catch (error) {
    // Parsers return problems instead of throwing; if one throws anyway, the document is
    // rejected with the error, not lost and not half-applied.
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `the ${parser.format} parser failed: ${message}`, problems: [] };
  }
}

/** The outcome with the note on how its text was decoded first among its problems. */
const withNote = (outcome: RunOutcome, note: Problem | undefined): RunOutcome =>
  note ? { ...outcome, problems: [note, ...outcome.problems] } : outcome;

/** A rejection of the whole document, with the problems found (at most 100 listed). */
export function rejection(
  document: Pick<RawDocument, 'documentId' | 'fileName'>,
  format: string,
  version: number,
  reason: string,
  problems: readonly Problem[],
): DocumentOutcome {
  return {
    documentId: document.documentId,
    fileName: document.fileName,
    format,
    parserVersion: version,
    status: 'rejected',
    rows: 0,
    events: 0,
    problemCount: problems.length,
    problems: problems.slice(0, MAX_PROBLEMS),
    reason,
  };
}

const outcomeIdOf = (document: RawDocument, outcome: DocumentOutcome) =>
  outcomeEventId(document.documentId, outcome.format, outcome.parserVersion, contextKeyOf(document));

function outcomeEvent(document: RawDocument, outcome: DocumentOutcome): NewEvent<DomainEvent> {
  const id = outcomeIdOf(document, outcome);
  const metadata = {
    knownAt: document.knownAt ?? document.receivedAt,
    source: 'ingest',
    sourceUrl: document.sourceUrl,
    sourceFile: document.fileName,
    sourceSha256: document.documentId,
    correlationId: id,
  };
  return { id, ...outcomeReport(outcome), metadata };
}

/**
 * Validates a document's events, made one at a time by `run`, and its outcome event: held by
 * stream, or written to `spill.path` once their text passes `spill.above` (spilled-events.ts).
 * An invalid event throws EventValidationError; a run that cannot make one, EventRunError.
 */
function prepareRun(document: RawDocument, run: EventRun, outcome: DocumentOutcome, spill?: SpillTo): PreparedOutcome {
  // Every event of one parse carries the parse's id (its outcome event's), so read models
  // can tell a document's latest parse from the statements of an earlier one.
  const correlationId = outcomeIdOf(document, outcome);
  const sink = createEventSink(spill);
  const seen = new Set<string>();
  try {
    for (const made of run.make()) {
      const event = { ...made, metadata: { ...made.metadata, correlationId } };
      const stream = streamFor(event);
      // As prepareEvents checks within one stream's events.
      if (seen.has(`${stream} ${event.id}`)) throw new EventValidationError(event.type, [`event id ${event.id} appears twice`]);
      seen.add(`${stream} ${event.id}`);
      const [prepared] = prepareEvents(domainEventRegistry, [event]);
      if (prepared) sink.add(stream, prepared);
    }
  } catch (error) {
    sink.discard();
    throw error;
  }
  const closing = outcomeEvent(document, outcome);
  return { outcome, ...sink.finish(), outcomeStream: [streamFor(closing), prepareEvents(domainEventRegistry, [closing])] };
}

/** Validates a document's events and its outcome event; an invalid event throws EventValidationError. */
export function prepareOutcome(document: RawDocument, events: readonly NewEvent<DomainEvent>[], outcome: DocumentOutcome): PreparedOutcome {
  return prepareRun(document, heldRun(events), outcome);
}

/**
 * Parses one stored document into its outcome, ready to append; nothing is written but, when
 * `spill` is given and the events' text passes its limit, the file of its events. Pure: the
 * same document, parsers and companies give the same outcome and event ids, in this thread or
 * a parse thread (parse-pool.ts).
 */
export async function prepareDocument(
  parsers: ParserRegistry,
  document: RawDocument,
  detected: string | undefined,
  companies: CompanyLookup,
  spill?: SpillTo,
): Promise<PreparedOutcome> {
  const parser = parserFor(parsers, document, detected);
  const found = parser && parser.format !== document.format ? { detectedFormat: parser.format } : {};
  if (!parser) {
    // No file name in the reason: one document may have come under several names (copies).
    const reason = unknownFormatReason(parsers.parsers, path.basename(document.fileName), document.bytes);
    return prepareOutcome(document, [], rejection(document, UNKNOWN_FORMAT, 1, reason, []));
  }
  const note = (parser.isText?.(document.bytes) ?? true) ? encodingNote(document.bytes) : undefined;
  const parsed = withNote(await parse(parser, document, companies), note);
  if (!parsed.ok) {
    const rejected = rejection(document, parser.format, parser.version, parsed.reason, parsed.problems);
    return { ...prepareOutcome(document, [], rejected), ...found };
  }
  const outcome: DocumentOutcome = {
    documentId: document.documentId,
    fileName: document.fileName,
    format: parser.format,
    parserVersion: parser.version,
    status: 'parsed',
    rows: parsed.rows,
    events: parsed.run.count,
    problemCount: parsed.problems.length,
    problems: parsed.problems.slice(0, MAX_PROBLEMS),
    reason: null,
  };
  try {
    return { ...prepareRun(document, parsed.run, outcome, spill), ...found };
  } catch (error) {
    const reason =
      error instanceof EventValidationError
        ? `the parser produced an invalid event: ${error.message}`
        : error instanceof EventRunError
          ? error.message
          : undefined;
    if (reason === undefined) throw error;
    // The problems stay: a run that could not make an event was rejected with them before.
    const problems = error instanceof EventRunError ? parsed.problems : [];
    return { ...prepareOutcome(document, [], rejection(document, parser.format, parser.version, reason, problems)), ...found };
  }
}
