/**
 * Builders for the format parsers' specs: parse a fixture or a text, check the head a parser
 * claims, and the expectations most formats state alike (the main reading, a file missing
 * columns, damaged bytes). Imported only by *.unit.spec.ts files.
 */
import { expect, it } from 'vitest';
import type { DomainEventType } from '../../schemas/events/catalogue.ts';
import type { Candle } from '../../schemas/events/prices.ts';
import { headOf } from '../../src/ingest/shared/file-head.ts';
import type { ParseInput, Parser, Problem } from '../../src/ingest/shared/parser.ts';
import { fixture, givenParseInput } from './parse-input.ts';
import { dataOf, expectEveryEventValid, expectNoThrowOnDamagedBytes, expectParsed, type ParsedOutcome } from './parser-spec-kit.ts';

/** What a spec states of a ParseInput; the rest keeps givenParseInput's defaults. */
export type InputOverrides = Partial<Omit<ParseInput, 'bytes'>>;

/** A file under fixtures/, as text. */
export function fixtureText(relativePath: string): string {
  return new TextDecoder().decode(fixture(relativePath));
}

/** The candles of the outcome's first PricesRecorded event. */
export function candlesIn(outcome: ParsedOutcome): Candle[] {
  return dataOf(outcome, 'PricesRecorded')[0]?.candles ?? [];
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
  /** How many candles the first PricesRecorded event holds. */
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
  if (expected.candles !== undefined) expect(dataOf(outcome, 'PricesRecorded')[0]?.candles).toHaveLength(expected.candles);
  if (expected.problems !== undefined) expect(outcome.problems).toEqual(expected.problems);
}

/** The metadata of the outcome's first event matches. */
export function expectFirstMetadata(outcome: ParsedOutcome, metadata: Record<string, unknown>): void {
  expect(outcome.events[0]?.metadata).toMatchObject(metadata);
}

/** Where a head comes from: a path under fixtures/ (cut to its head), or `{ head }`, the head itself. */
export type HeadSource = string | { readonly head: string };

/** One detection: the file name, its head, and whether the parser claims the file. */
export type Detection = readonly [fileName: string, head: HeadSource, claims: boolean];

/** The checks of one parser that its spec states again and again, bound to that parser. */
export interface ParserSpec {
  /** Bytes or text parsed, the outcome asserted to be a success. */
  readonly parse: (bytes: Uint8Array | string, overrides?: InputOverrides) => ParsedOutcome;
  /** A file under fixtures/ parsed, the outcome asserted to be a success. */
  readonly parseFixture: (relativePath: string, overrides?: InputOverrides) => ParsedOutcome;
  /** A file under fixtures/ with the first `from` replaced by `to`, parsed. */
  readonly parseEdited: (relativePath: string, edit: readonly [from: string, to: string], overrides?: InputOverrides) => ParsedOutcome;
  /** The parser claims (or leaves) each file by its name and head. */
  readonly expectDetection: (detections: readonly Detection[]) => void;
  /** A file without the expected columns is rejected, the reason naming them, with no problems. */
  readonly expectMissingColumns: (text: string, reason: string, overrides?: InputOverrides) => void;
  /** Damaged copies of each fixture: the parser returns an outcome, never throws. */
  readonly expectNoThrowOnDamaged: (relativePaths: readonly string[], overrides?: InputOverrides) => void;
  /** The test most formats have, of the name they give it: expectMissingColumns. */
  readonly itRejectsMissingColumns: (text: string, reason: string, overrides?: InputOverrides) => void;
  /** The test every format has, of the name they give it: expectNoThrowOnDamaged. */
  readonly itNeverThrowsOnDamagedBytes: (relativePaths: readonly string[], overrides?: InputOverrides) => void;
}

/** The spec helpers of one parser. */
export function parserSpec(parser: Parser): ParserSpec {
  const parse = (bytes: Uint8Array | string, overrides: InputOverrides = {}) => expectParsed(parser.parse(givenParseInput(bytes, overrides)));
  const expectMissingColumns = (text: string, reason: string, overrides: InputOverrides = {}) => {
    expect(parser.parse(givenParseInput(text, overrides))).toEqual({ ok: false, reason: expect.stringContaining(reason), problems: [] });
  };
  const expectNoThrowOnDamaged = (relativePaths: readonly string[], overrides: InputOverrides = {}) => {
    for (const relativePath of relativePaths) {
      expectNoThrowOnDamagedBytes(parser, fixture(relativePath), (bytes) => givenParseInput(bytes, overrides));
    }
  };
  return {
    parse,
    parseFixture: (relativePath, overrides) => parse(fixture(relativePath), overrides),
    parseEdited: (relativePath, [from, to], overrides) => parse(fixtureText(relativePath).replace(from, to), overrides),
    expectDetection: (detections) => {
      for (const [fileName, source, claims] of detections) {
        const head = typeof source === 'string' ? headOf(fixture(source)) : source.head;
        expect(parser.detect(fileName, head), `${fileName}: ${typeof source === 'string' ? source : 'the head given'}`).toBe(claims);
      }
    },
    expectMissingColumns,
    expectNoThrowOnDamaged,
    itRejectsMissingColumns: (text, reason, overrides) => {
      it('rejects a file without the expected columns, naming them', () => expectMissingColumns(text, reason, overrides));
    },
    itNeverThrowsOnDamagedBytes: (relativePaths, overrides) => {
      it('never throws on damaged bytes', () => expectNoThrowOnDamaged(relativePaths, overrides));
    },
  };
}
