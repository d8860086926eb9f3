import type { DomainEvent, ReportedIdentity, HolderLine } from '#schemas/events';
import type { NewEvent } from '#platform/event-store';
import type { EventEmitter } from '#ingest/shared/parser';
import { emitChecked } from '#ingest/shared/parse-support';

/** The ownership figures of one pattern; each an exact decimal string, null when not stated. */
export interface ShareholdingFigures {
  readonly promoterPct: string | null;
  readonly fiiPct: string | null;
  readonly diiPct: string | null;
  readonly mutualFundPct: string | null;
  readonly publicPct: string | null;
  readonly pledgedPct: string | null;
  readonly holders: readonly HolderLine[];
}

/** One shareholding pattern as read from a source, ready to become an event. */
export interface ShareholdingFiling {
  /** Names the filing within its document: the same company and period give the same key. */
  readonly naturalKey: string;
  readonly companyId: string | null;
  readonly company: ReportedIdentity;
  readonly periodEnd: string;
  readonly figures: ShareholdingFigures;
  readonly knownAt: string;
}

/**
 * The ShareholdingReported event of a filing, checked against its schema, or why it cannot
 * be emitted. The filing id comes from the emitter, so it is the same for the same document
 * and key, and different for another document stating the same company and period: a
 * different document is a different filing, and the read side picks between them.
 */
export function emitShareholding(
  emitter: EventEmitter,
  filing: ShareholdingFiling,
  parserVersion: number,
): { readonly ok: true; readonly event: NewEvent<DomainEvent> } | { readonly ok: false; readonly message: string } {
  const data = {
    filingId: emitter.idFor(filing.naturalKey),
    companyId: filing.companyId,
    company: filing.company,
    periodEnd: filing.periodEnd,
    ...filing.figures,
    holders: [...filing.figures.holders],
    parserVersion,
  };
  return emitChecked(emitter, 'ShareholdingReported', data, filing.naturalKey, filing.knownAt);
}
