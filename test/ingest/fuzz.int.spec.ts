import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECTIONS } from '#projections';
import { listHoldings } from '#projections/companies/queries';
import { parserRegistry } from '#ingest/formats/all-parsers/all-parsers';
import { createCompanyDirectory } from '#ingest/pipeline/company-directory';
import { processDocuments } from '#ingest/pipeline/process-document';
import { receiveDocuments } from '#ingest/pipeline/receive-document';
import { catchUp } from '#platform/projector/catch-up';
import { describeEachDatabase } from '../support/databases.ts';
import { REPO_ROOT } from '../support/parse-input.ts';
import { type Harness, openHarness } from '../support/service-harness.ts';

/** Every fixture file of every format, as bytes. */
function fixtures(): Array<{ fileName: string; bytes: Uint8Array }> {
  const root = path.join(REPO_ROOT, 'fixtures');
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : /\.md$/i.test(name) ? [] : [full];
    });
  // Copies, not Buffers: Buffer#slice is a view, and damaging one must never touch the original.
  // Named by their path under fixtures/: two formats may each have a file called HDFCBANK.csv.
  return walk(root).map((file) => ({ fileName: path.relative(root, file), bytes: new Uint8Array(readFileSync(file)) }));
}

type Damage =
  | { kind: 'truncate'; at: number }
  | { kind: 'flip'; edits: Array<{ at: number; byte: number }> }
  | { kind: 'swap-head'; other: number }
  | { kind: 'empty' }
  | { kind: 'noise'; bytes: number[] };

function damaged(bytes: Uint8Array, damage: Damage, all: ReadonlyArray<{ bytes: Uint8Array }>): Uint8Array {
  switch (damage.kind) {
    case 'truncate':
      return bytes.slice(0, damage.at % (bytes.length + 1));
    case 'flip': {
      const copy = bytes.slice();
      for (const { at, byte } of damage.edits) if (copy.length > 0) copy[at % copy.length] = byte;
      return copy;
    }
    case 'swap-head': {
      // Another format's first line on this file's body: a wrong-format file that detection may half-trust.
      const other = all[damage.other % all.length]?.bytes ?? new Uint8Array();
      const head = other.slice(0, Math.max(other.indexOf(10), 0) + 1);
      const body = bytes.slice(Math.max(bytes.indexOf(10), 0) + 1);
      return new Uint8Array([...head, ...body]);
    }
    case 'empty':
      return new Uint8Array();
    case 'noise':
      return Uint8Array.from(damage.bytes);
  }
}

const damageArb: fc.Arbitrary<Damage> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('flip' as const),
    edits: fc.array(fc.record({ at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }), { minLength: 1, maxLength: 30 }),
  }),
  fc.record({ kind: fc.constant('swap-head' as const), other: fc.nat() }),
  fc.record({ kind: fc.constant('empty' as const) }),
  fc.record({ kind: fc.constant('noise' as const), bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 400 }) }),
);

describeEachDatabase('ingestion of damaged files (fuzz)', (database) => {
  let harness: Harness;
  const all = fixtures();
  beforeAll(async () => {
    harness = await openHarness(database);
    await catchUp(harness.db, harness.store, PROJECTIONS);
  });
  afterAll(() => harness.close());

  it('rejects damaged files with a reason, never throws, and still applies the valid files of the batch', async () => {
    const companies = createCompanyDirectory(() => listHoldings(harness.db));
    const deps = { db: harness.db, parsers: parserRegistry, companies };
    // The fixtures that parse on their own (some need context, such as an XBRL file's listing).
    const baseline = await processDocuments(
      deps,
      (await receiveDocuments(harness.db, parserRegistry, all)).map((r) => r.documentId),
    );
    const parseable = all.filter((f) => baseline.find((o) => o.fileName === f.fileName)?.status === 'parsed');
    expect(parseable.length).toBeGreaterThan(0);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ file: fc.nat(), damage: damageArb }), { minLength: 1, maxLength: 4 }),
        fc.nat(),
        fc.string({ minLength: 1, maxLength: 8 }),
        async (damages, validIndex, salt) => {
          const picked = parseable[validIndex % parseable.length] as { fileName: string; bytes: Uint8Array };
          // Fresh bytes (a trailing blank line) so the valid file is parsed in this batch too.
          // A folder, not a prefix: some formats read the trading day from the file's own name.
          const valid = { fileName: `valid/${picked.fileName}`, bytes: new Uint8Array([...picked.bytes, 10]) };
          const broken = damages.map(({ file, damage }, i) => {
            const source = all[file % all.length] as { fileName: string; bytes: Uint8Array };
            // A salt keeps each run's damaged bytes new, so every run really parses them.
            const bytes = damaged(source.bytes, damage, all);
            return {
              fileName: `damaged-${i}/${source.fileName}`,
              bytes: new Uint8Array([...bytes, ...new TextEncoder().encode(`\n${salt}`)]),
            };
          });
          const received = await receiveDocuments(harness.db, parserRegistry, [...broken, valid]);
          const outcomes = await processDocuments(deps, [...new Set(received.map((r) => r.documentId))]);
          for (const outcome of outcomes) {
            if (outcome.status === 'rejected') expect(outcome.reason?.length ?? 0).toBeGreaterThan(0);
          }
          const validOutcome = outcomes.find((o) => o.fileName === valid.fileName);
          expect(validOutcome?.status, `${valid.fileName}: ${validOutcome?.reason}`).toBe('parsed');
        },
      ),
      { numRuns: database.name === 'pglite' ? 40 : 25 },
    );
  });
});
