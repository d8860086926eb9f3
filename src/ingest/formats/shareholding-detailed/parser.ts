import type { DomainEvent } from '#schemas/events';
import type { NewEvent } from '#platform/event-store';
import { createEventEmitter, type ParseInput, type ParseOutcome, type Parser, type Problem } from '#ingest/shared/parser';
import { rowsOutcome, decodeText } from '#ingest/shared/parse-support';
import { emitShareholding } from '#ingest/shared/shareholding-support';
import { type FilingRead, readFiling } from './read-filing.ts';
import { SourceFileSchema } from './source-file.ts';

const FORMAT = 'shareholding-detailed';
const VERSION = 1;
const EXPECTED = 'expected {"companies": [...], "data": {SYMBOL: {<filing id>: {"general_info": {...}, "categories": [...]}}}}';

type ReadFiling = Extract<FilingRead, { ok: true }> & { readonly where: string };

/** Later filing keys are later filings (the extract's keys are increasing record numbers). */
const isLater = (a: string, b: string) => (/^\d+$/.test(a) && /^\d+$/.test(b) ? Number(a) > Number(b) : a > b);

/** One filing per company and period: a repeat (a revision) keeps the later key, and says so. */
function onePerPeriod(reads: readonly ReadFiling[]): { kept: ReadFiling[]; problems: Problem[] } {
  const byKey = new Map<string, ReadFiling>();
  const problems: Problem[] = [];
  for (const read of reads) {
    const other = byKey.get(read.filing.naturalKey);
    if (!other) {
      byKey.set(read.filing.naturalKey, read);
      continue;
    }
    const [keep, drop] = isLater(read.filingKey, other.filingKey) ? [read, other] : [other, read];
    byKey.set(read.filing.naturalKey, keep);
    problems.push({
      where: drop.where,
      message: `same company and period (${read.filing.naturalKey}) as ${keep.where}, the later filing, which is read instead`,
    });
  }
  return { kept: [...byKey.values()], problems };
}

function parseDetailed(input: ParseInput): ParseOutcome {
  let json: unknown;
  try {
    json = JSON.parse(decodeText(input.bytes));
  } catch (error) {
    return {
      ok: false,
      reason: `not readable JSON (${error instanceof Error ? error.message : String(error)}): ${EXPECTED}`,
      problems: [],
    };
  }
  const file = SourceFileSchema.safeParse(json);
  if (!file.success) return { ok: false, reason: `not a shareholding-detailed file: ${EXPECTED}`, problems: [] };
  const reads: ReadFiling[] = [];
  const problems: Problem[] = [];
  let count = 0;
  for (const [symbolKey, filings] of Object.entries(file.data.data)) {
    for (const [filingKey, raw] of Object.entries(filings)) {
      count += 1;
      const where = `${symbolKey} filing ${filingKey}`;
      const read = readFiling(symbolKey, filingKey, raw, input);
      if (!read.ok) problems.push({ where, message: read.message });
      else {
        reads.push({ ...read, where });
        problems.push(...read.notes.map((message) => ({ where, message })));
      }
    }
  }
  if (count === 0) return { ok: false, reason: `the file lists no filings: ${EXPECTED}`, problems: [] };
  const { kept, problems: repeats } = onePerPeriod(reads);
  const emitter = createEventEmitter(input, { format: FORMAT, parserVersion: VERSION, source: 'third-party' });
  const events: NewEvent<DomainEvent>[] = [];
  for (const read of kept) {
    const emitted = emitShareholding(emitter, read.filing, VERSION);
    if (emitted.ok) events.push(emitted.event);
    else problems.push({ where: read.where, message: emitted.message });
  }
  return rowsOutcome(events, count, [...problems, ...repeats]);
}

/**
 * Detailed SEBI shareholding patterns as extracted from the in-bse-shp XBRL filings by a
 * third-party parser (all_shp_data_raw.json): one ShareholdingReported per company and filing,
 * with the named holders. Detection: a JSON object whose head has the extract's
 * `general_info` with DateOfReport or ScripCode.
 */
export const shareholdingDetailedParser: Parser = {
  format: FORMAT,
  version: VERSION,
  description: 'Detailed SEBI shareholding patterns per filing (JSON extract of the XBRL): categories and named holders',
  priority: 5,
  detect: (_fileName, head) => /^\s*\{/.test(head) && head.includes('"general_info"') && /"(DateOfReport|ScripCode)"\s*:/.test(head),
  parse: parseDetailed,
};
