/**
 * Builders for the format parsers' specs: parse a fixture, a text or a shared-corpus file;
 * ask whether a parser claims a fixture's head; and the expectations most formats state alike
 * (which files the parser claims, the main reading, the first event's metadata, knownAt where a
 * file states none, a file missing columns, a malformed row, damaged bytes).
 * Imported only by *.unit.spec.ts files.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { DomainEventType } from '#schemas/events/catalogue';
import type { Candle } from '#schemas/events/prices';
import { headOf } from '#ingest/shared/parser/file-head';
import type { ParseInput, Parser, Problem } from '#ingest/shared/parser/parser';
import { fixture, givenParseInput } from './parse-input.ts';
import { dataOf, expectEveryEventValid, expectNoThrowOnDamagedBytes, expectParsed, type ParsedOutcome } from './parser-spec-kit.ts';
import { SHARED_DATA } from './shared-data.ts';

/** What the damaged-bytes property may take (fixed work, not a speed bound). */
const DAMAGED_BYTES_TIMEOUT_MS = 30_000;

/** What a spec states of a ParseInput; the rest keeps givenParseInput's defaults. */
export type InputOverrides = Partial<Omit<ParseInput, 'bytes'>>;

/** A file under fixtures/, as text. */
export function fixtureText(relativePath: string): string {
  return new TextDecoder().decode(fixture(relativePath));
}

/**
 * The candles of the interval of the outcome's first PricesRecorded event, in the file's order:
 * those of every part (a file larger than PRICE_PART_CANDLES is recorded in several events).
 */
export function candlesIn(outcome: ParsedOutcome): Candle[] {
  const events = dataOf(outcome, 'PricesRecorded');
  const interval = events[0]?.interval;
  return events.filter((event) => event.interval === interval).flatMap((event) => event.candles);
}

/** The event ids of an outcome, in order. */
export function idsOf(outcome: ParsedOutcome): string[] {
  return outcome.events.map((event) => event.id);
}

/** What a spec states of an outcome; each check is made only when stated. */
export interface ExpectedReading {
  /** Every event passes the event store's validation (expectEveryEventValid). */
  readonly valid?: true;
  readonly rows?: number;
  /** How many events of each type. */
  readonly counts?: Partial<Record<DomainEventType, number>>;
  /** How many candles the first interval holds, over all its parts (candlesIn). */
  readonly candles?: number;
  readonly problems?: readonly Problem[];
}

/** The checks of a reading most formats state alike: validity, rows, events per type, candles, problems. */
export function expectReading(outcome: ParsedOutcome, expected: ExpectedReading): void {
  if (expected.valid) expectEveryEventValid(outcome);
  if (expected.rows !== undefined) expect(outcome.rows).toBe(expected.rows);
  for (const [type, count] of Object.entries(expected.counts ?? {})) {
    expect(dataOf(outcome, type as DomainEventType), type).toHaveLength(count);
  }
  if (expected.candles !== undefined) expect(candlesIn(outcome)).toHaveLength(expected.candles);
  if (expected.problems !== undefined) expect(outcome.problems).toEqual(expected.problems);
}

/** The metadata of the outcome's first event matches. */
export function expectFirstMetadata(outcome: ParsedOutcome, metadata: Record<string, unknown>): void {
  expect(outcome.events[0]?.metadata).toMatchObject(metadata);
}

/**
 * A file offered to a parser's detection: the name it goes by, and either a file under fixtures/
 * (its head is what detection sees) or the head itself, written out.
 */
export type DetectionSample = readonly [fileName: string, file: string | { readonly head: string }];

/** What a parser claims and what it leaves to the other parsers. */
export interface DetectionCases {
  readonly claims: readonly DetectionSample[];
  readonly leaves: readonly DetectionSample[];
}

/** The checks of one parser that its spec states again and again, bound to that parser. */
export interface ParserSpec {
  /** Bytes or text parsed, the outcome asserted to be a success. */
  readonly parse: (bytes: Uint8Array | string, overrides?: InputOverrides) => ParsedOutcome;
  /** A file under fixtures/ parsed, the outcome asserted to be a success. */
  readonly parseFixture: (relativePath: string, overrides?: InputOverrides) => ParsedOutcome;
  /** A file of the shared real-data corpus parsed under its own name (for describeWithSharedData suites). */
  readonly parseSharedData: (relativePath: string) => ParsedOutcome;
  /** A file under fixtures/ with the first `from` replaced by `to`, parsed. */
  readonly parseEdited: (relativePath: string, edit: readonly [from: string, to: string], overrides?: InputOverrides) => ParsedOutcome;
  /**
   * Bytes or text rejected, for `reason` (a string, or a matcher such as expect.stringContaining),
   * with no problems.
   */
  readonly expectRejected: (bytes: Uint8Array | string, reason: string, overrides?: InputOverrides) => void;
  /** Whether the parser claims a file by its name and the head of a file under fixtures/. */
  readonly detects: (fileName: string, relativePath: string) => boolean;
  /** A detection test (the table of detection-cases.unit.spec.ts): the parser claims each of `claims` and none of `leaves`. */
  readonly itRecognises: (title: string, cases: DetectionCases) => void;
  /**
   * The test most formats have, under the name they all give it: a file without the expected
   * columns is rejected, the reason containing `reason`, with no problems.
   */
  readonly itRejectsMissingColumns: (text: string, reason: string, overrides?: InputOverrides) => void;
  /**
   * The test most formats have, under the name they all give it: a file under fixtures/ with
   * one row spoilt by `edit` still parses, the reading as `expected` (the problem naming the row).
   */
  readonly itReportsMalformedRow: (
    relativePath: string,
    edit: readonly [from: string, to: string],
    expected: ExpectedReading,
    overrides?: InputOverrides,
  ) => void;
  /**
   * The test of the formats whose files state no publication time, under the name they all give
   * it: the events of a file under fixtures/ are known at the connector's time, else at the time
   * received; the first event's metadata states `metadata` as well.
   */
  readonly itTakesKnownAtFromConnector: (relativePath: string, metadata: Record<string, unknown>, overrides?: InputOverrides) => void;
  /** The test every format has, under the name they all give it: damaged copies of each fixture never make the parser throw. */
  readonly itNeverThrowsOnDamagedBytes: (relativePaths: readonly string[], overrides?: InputOverrides) => void;
}

/** A detection sample as a failure names it: the file name, and the fixture or the written-out head. */
function sampleName([fileName, file]: DetectionSample): string {
  return `${fileName} (${typeof file === 'string' ? file : JSON.stringify(file.head)})`;
}

/** The spec helpers of one parser. */
export function parserSpec(parser: Parser): ParserSpec {
  const parse = (bytes: Uint8Array | string, overrides: InputOverrides = {}) =>
    expectParsed(parser.parse(givenParseInput(bytes, overrides)));
  const expectRejected = (bytes: Uint8Array | string, reason: string, overrides: InputOverrides = {}) => {
    expect(parser.parse(givenParseInput(bytes, overrides))).toEqual({ ok: false, reason, problems: [] });
  };
  const expectNoThrowOnDamaged = (relativePaths: readonly string[], overrides: InputOverrides = {}) => {
    for (const relativePath of relativePaths) {
      expectNoThrowOnDamagedBytes(parser, fixture(relativePath), (bytes) => givenParseInput(bytes, overrides));
    }
  };
  const detectsSample = ([fileName, file]: DetectionSample) =>
    parser.detect(fileName, typeof file === 'string' ? headOf(fixture(file)) : file.head);
  const expectDetection = ({ claims, leaves }: DetectionCases) => {
    for (const sample of claims) expect(detectsSample(sample), `claims ${sampleName(sample)}`).toBe(true);
    for (const sample of leaves) expect(detectsSample(sample), `leaves ${sampleName(sample)}`).toBe(false);
  };
  const parseEdited: ParserSpec['parseEdited'] = (relativePath, [from, to], overrides) =>
    parse(fixtureText(relativePath).replace(from, to), overrides);
  return {
    parse,
    parseFixture: (relativePath, overrides) => parse(fixture(relativePath), overrides),
    parseSharedData: (relativePath) => parse(readFileSync(path.join(SHARED_DATA, relativePath)), { fileName: path.basename(relativePath) }),
    parseEdited,
    expectRejected,
    detects: (fileName, relativePath) => detectsSample([fileName, relativePath]),
    itRecognises: (title, cases) => {
      it(title, () => expectDetection(cases));
    },
    itRejectsMissingColumns: (text, reason, overrides) => {
      it('rejects a file without the expected columns, naming them', () =>
        expectRejected(text, expect.stringContaining(reason), overrides));
    },
    itReportsMalformedRow: (relativePath, edit, expected, overrides) => {
      it('reports a malformed row by its line and reads the others', () => {
        expectReading(parseEdited(relativePath, edit, overrides), expected);
      });
    },
    itTakesKnownAtFromConnector: (relativePath, metadata, overrides = {}) => {
      it('takes knownAt from the connector, else the time received', () => {
        const receivedAt = '2024-03-08T10:00:00.000Z';
        const knownAt = '2024-03-01T18:30:00.000Z';
        expectFirstMetadata(parse(fixture(relativePath), { ...overrides, receivedAt }), { ...metadata, knownAt: receivedAt });
        expectFirstMetadata(parse(fixture(relativePath), { ...overrides, knownAt }), { ...metadata, knownAt });
      });
    },
    itNeverThrowsOnDamagedBytes: (relativePaths, overrides) => {
      // 150 damaged copies of each file parsed: 0.4–1.6 s on a quiet 2-core machine, over the
      // unit tests' 5 s beside the rest of the suite on a slower one.
      it('never throws on damaged bytes', () => expectNoThrowOnDamaged(relativePaths, overrides), DAMAGED_BYTES_TIMEOUT_MS);
    },
  };
}
