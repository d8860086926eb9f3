import type { DomainEvent } from '#schemas/events';
import type { NewEvent } from '#platform/event-store';
import type { EventEmitter, Problem } from '#ingest/shared/parser';
import { type FileEvents, type ParseContext, emitChecked } from '#ingest/shared/parse-support';
import { companyRegistration, buildIssuerIndex, listingOwnerOf } from '#ingest/shared/reference-data';
import type { ConstituentRow } from './read-constituent-row.ts';

const where = (row: ConstituentRow) => `line ${row.line} (${row.symbol})`;

/**
 * A constituent's CompanyRegistered: the company (so one known only from the index list
 * exists) with its sector from the Industry column. The list has no finer level, so it
 * states no industry, and the companies read model keeps a finer one another source gave.
 */
function constituentEvents(row: ConstituentRow, emitter: EventEmitter): { events: NewEvent<DomainEvent>[]; problem: Problem | null } {
  const company = companyRegistration({
    isin: row.isin,
    name: row.name,
    nseSymbol: row.symbol,
    sector: row.sector,
    listingStatus: 'listed',
  });
  const registered = emitChecked(emitter, 'CompanyRegistered', company, row.isin);
  if (!registered.ok) return { events: [], problem: { where: where(row), message: registered.message } };
  return { events: [registered.event], problem: null };
}

/**
 * The events of a whole list. Only equity-share ISINs name companies: a DVR constituent
 * (the 2020 NIFTY 500 has Tata Motors DVR, IN9155A01020) adds nothing when its issuer's
 * equity share is in the list too, and is a problem when it is not.
 */
export function niftyConstituentEvents(rows: readonly ConstituentRow[], { emitter }: ParseContext): FileEvents {
  const issuers = buildIssuerIndex(rows.map((row) => row.isin));
  const events: NewEvent<DomainEvent>[] = [];
  const problems: Problem[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const owner = listingOwnerOf(row.isin, issuers, () => null, row.symbol);
    if (owner.kind === 'skip' && owner.problem) problems.push({ where: where(row), message: owner.problem });
    if (owner.kind !== 'company') continue;
    if (seen.has(row.isin)) {
      problems.push({ where: where(row), message: `${row.isin} is listed again: only its first row is read` });
      continue;
    }
    seen.add(row.isin);
    const result = constituentEvents(row, emitter);
    events.push(...result.events);
    if (result.problem) problems.push(result.problem);
  }
  return { events, problems };
}
