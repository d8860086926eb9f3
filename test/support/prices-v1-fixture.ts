/**
 * The PricesRecorded events of schema version 1 kept in test/fixtures/prices-recorded-v1 (made
 * by the parsers before version 2, see its README), and the same bytes parsed by today's.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { PricesRecordedV1 } from '#schemas/events/prices';
import type { EventMetadata } from '#schemas/events/metadata';
import { parserRegistry } from '#ingest/formats/all-parsers/all-parsers';
import { createCompanyLookup } from '#ingest/shared/parser/company-lookup';
import type { ParseInput } from '#ingest/shared/parser/parser';
import { expectParsed, type ParsedOutcome } from './parser-spec-kit.ts';
import { REPO_ROOT } from './parse-input.ts';

/** A version-1 event as a store holds it. */
export interface StoredPricesV1 {
  readonly id: string;
  readonly type: 'PricesRecorded';
  readonly schemaVersion: 1;
  readonly data: PricesRecordedV1;
  readonly metadata: EventMetadata;
  readonly recordedAt: string;
}

export interface PricesV1Fixture {
  /** The file under the repository the events were parsed from, and how many of its lines (null: all). */
  readonly source: string;
  readonly lines: number | null;
  readonly format: string;
  readonly parserVersion: number;
  readonly input: Omit<ParseInput, 'bytes' | 'companies'>;
  readonly events: readonly StoredPricesV1[];
}

export const PRICES_V1_FIXTURES = ['RELIANCE-daily', 'INFY-intraday-30-sessions'] as const;
export type PricesV1FixtureName = (typeof PRICES_V1_FIXTURES)[number];

export function pricesV1Fixture(name: PricesV1FixtureName): PricesV1Fixture {
  const gz = readFileSync(path.join(REPO_ROOT, 'test/fixtures/prices-recorded-v1', `${name}.json.gz`));
  return JSON.parse(gunzipSync(gz).toString('utf8')) as PricesV1Fixture;
}

/** The bytes the fixture's events were parsed from; throws if the sample file has changed since. */
export function fixtureBytes(fixture: PricesV1Fixture): Uint8Array {
  const full = readFileSync(path.join(REPO_ROOT, fixture.source));
  const bytes = fixture.lines === null ? full : Buffer.from(`${full.toString('utf8').split('\n').slice(0, fixture.lines).join('\n')}\n`);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== fixture.input.sha256) throw new Error(`${fixture.source} is not the file the fixture was made from`);
  return bytes;
}

/** The same bytes, with the same input, parsed by today's parser of the same format. */
export function parseAgain(fixture: PricesV1Fixture): ParsedOutcome {
  const parser = parserRegistry.byFormat(fixture.format);
  if (!parser) throw new Error(`no parser ${fixture.format}`);
  return expectParsed(parser.parse({ ...fixture.input, bytes: fixtureBytes(fixture), companies: createCompanyLookup() }));
}
