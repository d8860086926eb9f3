import type { ShareholdingReported } from '#schemas/events';
import { toPgArray } from '#platform/db';
import type { StoredEvent } from '#platform/event-store';
import { companyIdOfIsin } from '#domain/identity';
import { type StatedIdentityRow, statedIdentityRow } from '#projections/companies';
import { type SourceFileRow, sourceFileRow } from '#projections/shared';

export type ShareholdingEvent = StoredEvent<{ type: 'ShareholdingReported'; data: ShareholdingReported }>;

/** A row of the snapshots table, as `jsonb_to_recordset` reads it. */
export interface SnapshotRow extends SourceFileRow, StatedIdentityRow {
  readonly filing_id: string;
  readonly company_id: string | null;
  readonly period_end: string;
  readonly promoter_pct: string | null;
  readonly fii_pct: string | null;
  readonly dii_pct: string | null;
  readonly mutual_fund_pct: string | null;
  readonly public_pct: string | null;
  readonly pledged_pct: string | null;
  readonly holder_count: number;
  readonly parser_version: number;
  readonly event_id: string;
  readonly source: string;
}

/** What a batch writes: its snapshots, and their holder lines as one array literal per column. */
export interface ShareholdingBatch {
  readonly snapshots: readonly SnapshotRow[];
  /** filing_id, line_no, category, name, shares, percentage */
  readonly holderColumns: readonly [string, string, string, string, string, string];
  readonly holderCount: number;
}

/**
 * One event per filing: the highest parser version, and among equal versions the later
 * event (the same document parsed again with context it lacked).
 */
export function latestParsePerFiling(events: readonly ShareholdingEvent[]): ShareholdingEvent[] {
  const byFiling = new Map<string, ShareholdingEvent>();
  for (const event of events) {
    const seen = byFiling.get(event.data.filingId);
    if (!seen || seen.data.parserVersion <= event.data.parserVersion) byFiling.set(event.data.filingId, event);
  }
  return [...byFiling.values()];
}

export function toSnapshotRow({ id, data, metadata }: ShareholdingEvent): SnapshotRow {
  return {
    filing_id: data.filingId,
    company_id: companyIdOfIsin(data.company.isin),
    period_end: data.periodEnd,
    promoter_pct: data.promoterPct,
    fii_pct: data.fiiPct,
    dii_pct: data.diiPct,
    mutual_fund_pct: data.mutualFundPct,
    public_pct: data.publicPct,
    pledged_pct: data.pledgedPct,
    holder_count: data.holders.length,
    parser_version: data.parserVersion,
    event_id: id,
    source: metadata.source,
    ...sourceFileRow(metadata),
    ...statedIdentityRow(data.company),
  };
}

/** Builds a batch's rows; pure, so the projector runs it while the previous batch is written. */
export function planShareholdingBatch(events: readonly ShareholdingEvent[]): ShareholdingBatch {
  const parses = latestParsePerFiling(events);
  const lines = parses.flatMap(({ data }) => data.holders.map((holder, i) => ({ filingId: data.filingId, lineNo: i + 1, ...holder })));
  return {
    snapshots: parses.map(toSnapshotRow),
    holderColumns: [
      toPgArray(lines.map((l) => l.filingId)),
      toPgArray(lines.map((l) => l.lineNo)),
      toPgArray(lines.map((l) => l.category)),
      toPgArray(lines.map((l) => l.name)),
      toPgArray(lines.map((l) => l.shares)),
      toPgArray(lines.map((l) => l.percentage)),
    ],
    holderCount: lines.length,
  };
}
