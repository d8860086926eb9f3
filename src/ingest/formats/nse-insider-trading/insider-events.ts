import { createDisclosureCollector, bodyText, subjectText } from '#ingest/shared/disclosure-types';
import type { CompanyLookup } from '#ingest/shared/parser';
import type { FileEvents, ParseContext } from '#ingest/shared/parse-support';
import { insiderSubject, insiderSummary } from './insider-text.ts';
import type { InsiderRow } from './read-insider-row.ts';

/** NSE's page for these disclosures; the export has no category column of its own. */
const CATEGORY = 'Insider Trading';

function disclosureData(row: InsiderRow, disclosureId: string, companies: CompanyLookup, parserVersion: number) {
  return {
    disclosureId,
    companyId: companies.resolve({ nseSymbol: row.symbol }),
    company: { name: row.company?.slice(0, 300) ?? null, nseSymbol: row.symbol, bseCode: null, isin: null, cin: null },
    eventType: 'insider_trading',
    category: CATEGORY,
    subject: subjectText(insiderSubject(row)),
    body: bodyText(insiderSummary(row)),
    documentType: 'insider_trading',
    attachmentUrl: row.xbrlUrl,
    publishedAt: row.broadcastAt,
    parserVersion,
  };
}

/**
 * One DisclosurePublished per record. One XBRL file often holds several records (several
 * persons, or one person's several transactions), so a record's key is the symbol, the XBRL
 * file and its place among that file's records. A record repeated word for word is read once.
 */
export function insiderEvents(rows: readonly InsiderRow[], { emitter, input, version }: ParseContext): FileEvents {
  const collected = createDisclosureCollector(emitter);
  const perDocument = new Map<string, number>();
  for (const row of rows) {
    collected.problems.push(...row.notes);
    if (!collected.isFirst(row.cells, row.where, 'word for word')) continue;
    const document = `NSE:${row.symbol}:${row.xbrlUrl?.split('/').pop() ?? 'no-xbrl'}`;
    const n = (perDocument.get(document) ?? 0) + 1;
    perDocument.set(document, n);
    const key = `${document}:${n}`;
    collected.emit(disclosureData(row, emitter.idFor(key), input.companies, version), key, row.broadcastAt, row.where);
  }
  return { events: collected.events, problems: collected.problems };
}
