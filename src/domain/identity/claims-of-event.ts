import type { DomainEvent, CompanyUpdated, RecordedEventMetadata, ReportedIdentity } from '#schemas/events';
import { type Anchor, anchorOfIsin, bseAnchor } from './anchor.ts';
import type { Claim, ClaimEventType, ClaimScheme } from './claim.ts';

type Said = readonly (readonly [ClaimScheme, string | null | undefined])[];

interface Statement {
  readonly id: string;
  readonly type: ClaimEventType;
  readonly metadata: RecordedEventMetadata;
}

function claimsOf(statement: Statement, anchor: Anchor | null, said: Said): Claim[] {
  if (!anchor) return [];
  const { metadata } = statement;
  return said.flatMap(([scheme, value]) => {
    const text = value?.trim();
    if (!text) return [];
    return [
      {
        anchor,
        scheme,
        value: text,
        knownAt: metadata.knownAt,
        statement: statement.id,
        eventType: statement.type,
        source: metadata.source,
        document: metadata.sourceSha256,
        parse: metadata.correlationId ?? null,
        sourceFile: metadata.sourceFile,
        sourceUrl: metadata.sourceUrl,
      },
    ];
  });
}

/** The exchange a registration's listing status speaks for. */
const exchangeOf = (source: string): 'NSE' | 'BSE' => (source === 'bse' ? 'BSE' : 'NSE');

/** A company's identity as a filing states it, about the issuer of its ISIN. */
const filingClaims = (statement: Statement, company: ReportedIdentity) =>
  claimsOf(statement, anchorOfIsin(company.isin), [
    ['name', company.name],
    ['isin', company.isin],
    ['nse', company.nseSymbol],
    ['bse', company.bseCode],
    ['cin', company.cin],
  ]);

/**
 * What a registration (or an update) states about the company: about the ISIN's issuer, or
 * without an ISIN about the BSE code, with its status for the exchange of its source.
 */
function registrationClaims(statement: Statement, c: CompanyUpdated['changes']): Claim[] {
  const exchange = exchangeOf(statement.metadata.source);
  return claimsOf(statement, c.isin ? anchorOfIsin(c.isin) : c.bseCode ? bseAnchor(c.bseCode) : null, [
    ['name', c.name],
    ['isin', c.isin],
    ['nse', c.nseSymbol],
    ['bse', c.bseCode],
    ['cin', c.cin],
    ['sector', c.sector],
    ['industry', c.industry],
    [`status:${exchange}`, c.listingStatus],
    [`listed:${exchange}`, c.listingDate],
  ]);
}

/**
 * The identity statements an event makes, each about an anchor. A statement with a company
 * ISIN is about the ISIN's issuer; a BSE list row without one is about its scrip code;
 * anything else names no anchor (an NSE row without an ISIN, a filing that states only a
 * symbol) and is not an identity source: such records are resolved as references instead.
 */
export function claimsOfEvent(event: DomainEvent & { id: string; metadata: RecordedEventMetadata }): Claim[] {
  const statement = (type: ClaimEventType): Statement => ({ id: event.id, type, metadata: event.metadata });
  switch (event.type) {
    case 'CompanyRegistered':
      return registrationClaims(statement(event.type), event.data);
    case 'CompanyUpdated':
      return registrationClaims(statement(event.type), event.data.changes);
    case 'InstrumentListed': {
      const d = event.data;
      // A fund unit (INF…) is nobody's company; a BSE scrip without an ISIN is its own anchor.
      const anchor = d.isin ? anchorOfIsin(d.isin) : d.exchange === 'BSE' ? bseAnchor(d.ticker) : null;
      return claimsOf(statement(event.type), anchor, [
        ['name', d.name],
        ['isin', d.isin],
        [d.exchange === 'NSE' ? 'nse' : 'bse', d.ticker],
        [`status:${d.exchange}`, d.status],
        [`listed:${d.exchange}`, d.listingDate],
      ]);
    }
    case 'FinancialsReported':
    case 'ShareholdingReported':
      return filingClaims(statement(event.type), event.data.company);
    default:
      return [];
  }
}
