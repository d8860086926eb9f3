import { listEvents } from '#projections/disclosures';
import { listFilingBases, listFacts } from '#projections/facts';
import { listFilingPage } from '#projections/filings';
import type { Basis } from '#schemas/common';
import type { Gap } from '#schemas/query';
import type { Event, Fact, Filing, Metric } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { listMetrics } from '#read/metric-queries';
import { announcementWindow } from './announcement-window.ts';
import { earningsGaps, HEADLINE_CONCEPTS } from './earnings-gaps.ts';

export interface EarningsPacketParams {
  readonly companyId: string;
  readonly fiscalYear: number;
  /** 1..4 for a quarter; undefined for the full fiscal year. */
  readonly fiscalQuarter?: number | undefined;
  readonly basis: Basis;
  readonly asOf?: string | undefined;
  /** Whether the filings and the disclosures can be read: the caller checks, and states an unavailable one as a gap. */
  readonly readFilings: boolean;
  readonly readEvents: boolean;
}

/** A results filing of the period, with the bases whose facts it carries. */
export type RelatedFiling = Filing & { readonly bases: Basis[] };

export interface EarningsPacket {
  readonly label: string;
  readonly periodType: 'quarterly' | 'annual';
  /** The period's last day, from its facts; null when no results of either basis are known. */
  readonly periodEnd: string | null;
  readonly facts: Fact[];
  readonly ratios: Metric[];
  /** Headline concepts first, then the others in SPEC.md order. */
  readonly growth: Metric[];
  readonly filings: RelatedFiling[];
  readonly announcements: { readonly window: { start: string; end: string } | null; readonly items: Event[]; readonly total: number };
  readonly gaps: Gap[];
}

/** Enough for every filing of one period, revisions included. */
const FILING_LIMIT = 20;
/** The announcements of a results season, oldest first. */
const EVENT_LIMIT = 20;
/** Far above the facts of one period and basis (about 40 concepts, a few period types). */
const FACT_LIMIT = 500;

const HEADLINE_GROWTH = new Set<string>(HEADLINE_CONCEPTS.map((c) => `${c}_growth`));

/** The period's facts: income statement for the period, balance sheet at its end (listFacts' period filter). */
async function periodFacts(db: SqlExecutor, params: EarningsPacketParams, basis: Basis | undefined, limit: number): Promise<Fact[]> {
  const quarter = params.fiscalQuarter;
  return listFacts(db, {
    companyId: params.companyId,
    basis,
    asOf: params.asOf,
    period: quarter === undefined ? 'annual' : 'quarterly',
    fromFiscalYear: params.fiscalYear,
    toFiscalYear: params.fiscalYear,
    fiscalQuarter: quarter,
    limit,
  });
}

async function periodMetrics(db: SqlExecutor, params: EarningsPacketParams): Promise<{ ratios: Metric[]; growth: Metric[] }> {
  const metrics = await listMetrics(db, {
    companyId: params.companyId,
    basis: params.basis,
    asOf: params.asOf,
    period: params.fiscalQuarter === undefined ? 'annual' : 'quarterly',
    fromFiscalYear: params.fiscalYear,
    toFiscalYear: params.fiscalYear,
    fiscalQuarter: params.fiscalQuarter,
  });
  const growth = metrics.filter((m) => m.metric.endsWith('_growth'));
  return {
    ratios: metrics.filter((m) => !m.metric.endsWith('_growth')),
    growth: [...growth.filter((m) => HEADLINE_GROWTH.has(m.metric)), ...growth.filter((m) => !HEADLINE_GROWTH.has(m.metric))],
  };
}

/** The financial results filings for the period knowable at as_of, oldest first, of the basis asked (or of none known). */
async function resultFilings(db: SqlExecutor, params: EarningsPacketParams, periodEnd: string): Promise<RelatedFiling[]> {
  const page = await listFilingPage(db, {
    companyId: params.companyId,
    documentType: 'financial_results',
    periodEnd,
    asOf: params.asOf,
    limit: FILING_LIMIT,
  });
  const bases = await listFilingBases(db, { companyId: params.companyId, periodEnd });
  return page.items
    .map((filing) => ({ ...filing, bases: bases.get(filing.id) ?? [] }))
    .filter((filing) => filing.bases.length === 0 || filing.bases.includes(params.basis))
    .reverse();
}

async function announcements(db: SqlExecutor, params: EarningsPacketParams, periodEnd: string): Promise<EarningsPacket['announcements']> {
  const window = announcementWindow(periodEnd);
  const page = await listEvents(db, {
    companyId: params.companyId,
    start: window.start,
    end: window.end,
    asOf: params.asOf,
    limit: EVENT_LIMIT,
  });
  return { window, items: [...page.items].reverse(), total: page.total };
}

function sourceGaps(
  params: EarningsPacketParams,
  packet: Pick<EarningsPacket, 'label' | 'periodEnd' | 'filings' | 'announcements'>,
): Gap[] {
  if (packet.periodEnd === null) {
    return [
      {
        kind: 'missing',
        subject: 'period end',
        message: `No results of ${packet.label} are known, so its period end is unknown and no filings or announcements were looked up.`,
      },
    ];
  }
  const gaps: Gap[] = [];
  if (params.readFilings && packet.filings.length === 0) {
    gaps.push({
      kind: 'missing',
      subject: 'filings',
      message: `No ${params.basis} financial results filing for the period ended ${packet.periodEnd} was found.`,
    });
  }
  if (params.readEvents && packet.announcements.total === 0) {
    gaps.push({
      kind: 'absence_not_proven',
      subject: 'announcements',
      message: `No announcements of the company were found within ${packet.announcements.window?.start} .. ${packet.announcements.window?.end}${params.asOf === undefined ? '' : ` as known at ${params.asOf}`}. An empty result is not proof that nothing was announced: coverage depends on what was ingested (list_datasets).`,
    });
  }
  return gaps;
}

/**
 * The earnings packet of one company and period as known at as_of: the results facts,
 * the period's ratios and growth against the prior year, the results filings (revisions
 * included), the announcements published within the results window, and the gaps.
 */
export async function getEarningsPacket(db: SqlExecutor, params: EarningsPacketParams): Promise<EarningsPacket> {
  const label = params.fiscalQuarter === undefined ? `FY${params.fiscalYear}` : `Q${params.fiscalQuarter} FY${params.fiscalYear}`;
  const facts = await periodFacts(db, params, params.basis, FACT_LIMIT);
  // Without facts of the basis asked, facts of the other basis still date the period.
  const other = facts.length === 0 ? (await periodFacts(db, params, undefined, 1))[0] : undefined;
  const periodEnd = [...facts, ...(other ? [other] : [])].reduce<string | null>(
    (end, f) => (end === null || f.period.end > end ? f.period.end : end),
    null,
  );
  const { ratios, growth } = await periodMetrics(db, params);
  const filings = periodEnd !== null && params.readFilings ? await resultFilings(db, params, periodEnd) : [];
  const found =
    periodEnd !== null && params.readEvents ? await announcements(db, params, periodEnd) : { window: null, items: [], total: 0 };
  const packet = {
    label,
    periodType: params.fiscalQuarter === undefined ? 'annual' : 'quarterly',
    periodEnd,
    facts,
    ratios,
    growth,
    filings,
    announcements: found,
  } as const;
  const gaps = [
    ...earningsGaps({ label, basis: params.basis, asOf: params.asOf, facts, otherBasis: other?.basis, ratios, growth }),
    ...sourceGaps(params, packet),
  ];
  return { ...packet, gaps };
}
