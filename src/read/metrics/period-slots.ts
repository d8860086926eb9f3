import type { PeriodType, Basis } from '#schemas/common';
import type { Slot } from './formulas.ts';

/**
 * A metric period: one basis, a quarter (with its fiscal quarter) or a fiscal year, and
 * the dates it covers. Facts are found by dates; the fiscal labels only name the period
 * and pick the year-to-date type (a company's labels can shift when its fiscal year changes).
 */
export interface PeriodKey {
  readonly basis: Basis;
  readonly kind: 'quarterly' | 'annual';
  readonly fiscalYear: number;
  /** 1..4 for a quarter, null for a year. */
  readonly fiscalQuarter: number | null;
  readonly start: string;
  readonly end: string;
}

/** Which facts a slot of a metric period reads: their period type and fiscal quarter. */
export interface SlotPeriod {
  readonly type: PeriodType;
  readonly fiscalQuarter: number | null;
}

/** The year to date ending at each fiscal quarter, as the filings type it. */
const YEAR_TO_DATE: Readonly<Record<number, SlotPeriod>> = {
  1: { type: 'quarterly', fiscalQuarter: 1 },
  2: { type: 'half_yearly', fiscalQuarter: 2 },
  3: { type: 'nine_months', fiscalQuarter: 3 },
  4: { type: 'annual', fiscalQuarter: null },
};

const ANNUAL: SlotPeriod = { type: 'annual', fiscalQuarter: null };

/**
 * The facts a slot reads for a metric period, within the same basis and fiscal year:
 * the period itself; the balance sheet at its end (an instant of the quarter, or of Q4
 * for a year); or the year to date ending with it.
 */
export function slotPeriod(slot: Slot, key: Pick<PeriodKey, 'kind' | 'fiscalQuarter'>): SlotPeriod {
  const quarter = key.kind === 'annual' ? 4 : (key.fiscalQuarter ?? 4);
  switch (slot) {
    case 'period':
      return key.kind === 'annual' ? ANNUAL : { type: 'quarterly', fiscalQuarter: quarter };
    case 'closing':
      return { type: 'instant', fiscalQuarter: quarter };
    case 'ytd':
      return YEAR_TO_DATE[quarter] ?? ANNUAL;
  }
}

/** The period labelled a year earlier: the same fiscal quarter of the prior fiscal year, or the prior year. */
export type PeriodLabel = Pick<PeriodKey, 'basis' | 'kind' | 'fiscalYear' | 'fiscalQuarter'>;

/** The label a year earlier: the same fiscal quarter of the prior fiscal year, or the prior year. */
export const priorLabel = (key: PeriodLabel): PeriodLabel => ({ ...key, fiscalYear: key.fiscalYear - 1 });
