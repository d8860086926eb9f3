import type { Gap, MarketCap } from '#schemas/query';
import type { CompanyIdentity } from '#schemas/read-models';
import { listFacts } from '#projections/facts';
import type { SqlExecutor } from '#platform/db';
import { screenCompanies } from '#read/screening';

// Below any price: "has a close" as a predicate.
const ANY_PRICE = `-1${'0'.repeat(30)}`;

/** Why the screen left the market cap null: the input it could not find. */
function reasonOf(inputs: MarketCap['inputs']): string {
  if (!inputs.some((i) => i.measure === 'EquityShareCapital'))
    return "no EquityShareCapital fact (share capital) of a balance sheet on or before the close's day is known, so the shares outstanding on that day are unknown";
  return "the face value per share on the balance sheet's date is unknown, so the share count cannot be derived from the share capital";
}

/** The values of the share-capital and face-value facts the screen used, as known at `asOf`: the inputs name their filings and dates. */
async function inputValues(
  db: SqlExecutor,
  companyId: string,
  asOf: string | null,
  inputs: MarketCap['inputs'],
): Promise<{ shareCapital: string | null; faceValue: string | null }> {
  const used = inputs.filter((i) => i.measure === 'EquityShareCapital' || i.measure === 'FaceValuePerShare');
  if (used.length === 0) return { shareCapital: null, faceValue: null };
  const facts = await listFacts(db, {
    companyId,
    concepts: ['EquityShareCapital', 'FaceValuePerShare'],
    period: 'any',
    asOf: asOf ?? undefined,
    limit: 2000,
  });
  const valueOf = (measure: string) => {
    const input = used.find((i) => i.measure === measure);
    const fact = input && facts.find((f) => f.concept === measure && f.filing_id === input.filing_id && f.period.end === input.period_end);
    return fact?.value ?? null;
  };
  return { shareCapital: valueOf('EquityShareCapital'), faceValue: valueOf('FaceValuePerShare') };
}

/**
 * The company's market capitalisation as the screen's `market_cap` metric computes it
 * (docs/screening.md), as known at `asOf`: the last NSE close × the shares outstanding on
 * its day, with the close, the share-capital fact and any split or bonus used as inputs.
 * No close: a `missing` gap and no entry; a close without the share count: value null with
 * the reason, and a gap. Never 0.
 */
export async function fetchMarketCap(
  db: SqlExecutor,
  company: CompanyIdentity,
  asOf: string | null,
): Promise<{ item: MarketCap | null; gaps: Gap[] }> {
  const screen = await screenCompanies(db, {
    filters: [{ metric: 'price', operator: '>', value: ANY_PRICE }],
    sort: 'market_cap',
    limit: 1,
    asOf,
    companyId: company.id,
  });
  const row = screen.rows[0];
  if (!row) {
    const known = asOf ? ` knowable at ${asOf}` : '';
    return {
      item: null,
      gaps: [{ kind: 'missing', subject: 'market_cap', message: `No NSE close${known} is recorded, so no market capitalisation.` }],
    };
  }
  const period = row.periods[0];
  const inputs = period?.inputs ?? [];
  const value = row.values['market_cap'] ?? null;
  const reason = value === null ? reasonOf(inputs) : null;
  const { shareCapital, faceValue } = await inputValues(db, company.id, asOf, inputs);
  const item: MarketCap = {
    company: row.company,
    value,
    close: row.values['price'] ?? null,
    close_date: period?.period_end ?? null,
    known_at: period?.known_at ?? null,
    share_capital: shareCapital,
    face_value: faceValue,
    inputs,
    reason,
  };
  const gaps: Gap[] = reason
    ? [{ kind: 'missing', subject: 'market_cap', message: `The market capitalisation is not computed: ${reason}.` }]
    : [];
  return { item, gaps };
}
