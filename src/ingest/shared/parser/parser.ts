import type { DomainEvent } from '#schemas/events';
import type { NewEvent } from '#platform/event-store';
import type { CompanyLookup } from './company-lookup.ts';

/** Where in a document a problem is, and what was wrong, in words a person can act on. */
export interface Problem {
  /** e.g. `line 42`, `row 7 (RELIANCE)`, `element in-bse-fin:RevenueFromOperations` */
  readonly where: string;
  /** What was found and what was expected. */
  readonly message: string;
}

/** Everything a parser may use. Parsers are pure: the same input gives the same output. */
export interface ParseInput {
  readonly bytes: Uint8Array;
  readonly fileName: string;
  readonly sha256: string;
  readonly sourceUrl: string | null;
  /**
   * When the content became knowable, as stated outside the file: a listing's dissemination
   * time, the operator's (--known-at, known-at.json, or a name trusted with --trust-names).
   * Null when nobody stated it; never read from the file name here (see Parser.nameKnownAt).
   */
  readonly knownAt: string | null;
  readonly receivedAt: string;
  /** Context the connector attached, e.g. the NSE listing entry of an XBRL file. */
  readonly attributes: Readonly<Record<string, unknown>>;
  /** Digest of the context (knownAt, sourceUrl, attributes), '' when none: part of every event id of the parse. */
  readonly contextKey: string;
  /** Company ids for reported identifiers, as known when parsing. */
  readonly companies: CompanyLookup;
}

export type ParseOutcome =
  | {
      readonly ok: true;
      readonly events: readonly NewEvent<DomainEvent>[];
      /** Rows, facts or records read. */
      readonly rows: number;
      /** Rows or elements skipped; the rest of the document still counts. */
      readonly problems: readonly Problem[];
    }
  | {
      readonly ok: false;
      /** Why the document as a whole cannot be used. */
      readonly reason: string;
      readonly problems: readonly Problem[];
    };

/**
 * The events of a document too large for all of them to be held at once (a daily price file
 * near the size limit): how many there are, and `make`, which makes them one at a time, in
 * order, as they are taken (each call anew, the same events). A run whose event cannot be made
 * throws EventRunError with the reason the document is rejected for.
 */
export interface EventRun {
  readonly count: number;
  make(): Iterable<NewEvent<DomainEvent>>;
}

/** Why a run could not make one of its events: the document is rejected with `message`. */
export class EventRunError extends Error {
  override readonly name = 'EventRunError';
}

/** A parse whose events are made as they are taken (Parser.parseRun). */
export type RunOutcome =
  | { readonly ok: true; readonly run: EventRun; readonly rows: number; readonly problems: readonly Problem[] }
  | Extract<ParseOutcome, { ok: false }>;

/** The run's events made and held: what `parse` returns for a parser that also offers `parseRun`. */
export function heldOutcome(outcome: RunOutcome): ParseOutcome {
  if (!outcome.ok) return outcome;
  try {
    return { ok: true, events: [...outcome.run.make()], rows: outcome.rows, problems: outcome.problems };
  } catch (error) {
    if (!(error instanceof EventRunError)) throw error;
    return { ok: false, reason: error.message, problems: outcome.problems };
  }
}

/**
 * One source format. `detect` decides from the file name and the first few kilobytes of
 * text whether the file is this format; `parse` turns the whole document into events. A
 * parser never throws for bad content: it returns a rejection or problems. Bump `version`
 * whenever the events it produces would change, so a re-parse appends the new ones.
 */
export interface Parser {
  readonly format: string;
  readonly version: number;
  readonly description: string;
  /** Lower runs first when several documents are ingested together (master lists: 0). */
  readonly priority: number;
  detect(fileName: string, head: string): boolean;
  /**
   * Optional: the header columns detection looks for, so a file whose header holds some of
   * them and not all is rejected as resembling this format, with the columns it lacks.
   */
  readonly layout?: readonly string[];
  /**
   * Optional: the time a file's name says the document was published (NSE's upload time in
   * an attachment's name). Whoever sends a file chooses its name, so this is never a
   * document's known_at by itself: the pipeline states it as the document's known_at only
   * for runs whose names the operator trusts (`--trust-names`; docs/adr/0007-known-at-sources.md).
   */
  nameKnownAt?(fileName: string): string | null;
  /**
   * Optional asynchronous extraction before parsing (e.g. a PDF's text). Its result is
   * merged into `attributes` for `parse`; it is recomputed on every parse, never stored.
   */
  extract?(bytes: Uint8Array): Promise<Readonly<Record<string, unknown>>>;
  /**
   * Whether this document is text the parser reads with decodeText (text-encoding.ts); true
   * when absent. The pipeline notes in the outcome of a text document that is not UTF-8 that
   * it was read as Windows-1252.
   */
  isText?(bytes: Uint8Array): boolean;
  parse(input: ParseInput): ParseOutcome;
  /**
   * Optional: the same parse with its events made as they are taken, never all held (EventRun).
   * The pipeline prefers it, so a document near the size limit is parsed in memory bounded by
   * a few times its size (docs/ingestion.md, "Memory for a large document").
   */
  parseRun?(input: ParseInput): RunOutcome;
}
