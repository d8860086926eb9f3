import type { DomainEvent } from '#schemas/events';
import type { NewEvent } from '#platform/event-store';
import type { EventEmitter, Problem } from '#ingest/shared/parser';
import { emitChecked } from '#ingest/shared/parse-support';
import { type CompanyFacts, companyRegistration } from './company-registration.ts';
import { buildIssuerIndex } from './issuer-index.ts';
import type { ListingOwner } from './listing-owner.ts';

export interface RowEvents {
  readonly events: NewEvent<DomainEvent>[];
  readonly problem: Problem | null;
}

/**
 * The events of one row of an exchange's master list: the company, when the row is its
 * equity share (`owner.kind` company), then the instrument under the company that owns it;
 * or the problem that stops both, so a row is never half-read.
 */
export function listingRowEvents(
  emitter: EventEmitter,
  where: string,
  owner: ListingOwner,
  company: CompanyFacts | null,
  instrument: (companyId: string) => { readonly data: unknown; readonly key: string },
): RowEvents {
  if (owner.kind === 'skip') return { events: [], problem: owner.problem ? { where, message: owner.problem } : null };
  const events: NewEvent<DomainEvent>[] = [];
  if (owner.kind === 'company' && company) {
    const registered = emitChecked(
      emitter,
      'CompanyRegistered',
      companyRegistration(company),
      company.isin ?? `BSE:${company.bseCode ?? ''}`,
    );
    if (!registered.ok) return { events: [], problem: { where, message: registered.message } };
    events.push(registered.event);
  }
  const listing = instrument(owner.companyId);
  const listed = emitChecked(emitter, 'InstrumentListed', listing.data, listing.key);
  if (!listed.ok) return { events: [], problem: { where, message: listed.message } };
  events.push(listed.event);
  return { events, problem: null };
}

/**
 * The events of the rows kept from a master list (one per ISIN), each row's problem beside
 * the problems found choosing them. Secondary shares (DVRs, rights entitlements) attach to
 * the company whose equity share has their issuer code, which the index of the kept ISINs
 * gives.
 */
export function listingEvents<R extends { readonly isin: string | null }>(
  kept: readonly R[],
  problems: readonly Problem[],
  rowEvents: (row: R, issuers: ReadonlyMap<string, string>) => RowEvents,
): { readonly events: readonly NewEvent<DomainEvent>[]; readonly problems: readonly Problem[] } {
  const issuers = buildIssuerIndex(kept.flatMap((row) => (row.isin ? [row.isin] : [])));
  const events: NewEvent<DomainEvent>[] = [];
  const all = [...problems];
  for (const row of kept) {
    const result = rowEvents(row, issuers);
    events.push(...result.events);
    if (result.problem) all.push(result.problem);
  }
  return { events, problems: all };
}
