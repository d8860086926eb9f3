import type { Basis } from '#schemas/common';
import { prngFor, type Prng } from './prng.ts';
import type { Range } from './sectors.ts';
import { type Company, ROUNDING_POWER } from './universe.ts';

/** How one entity's books move: shares of revenue, rates and days, drawn once per company and basis. */
export interface EntityProfile {
  /** Revenue of the first quarter simulated, in rounding units. */
  readonly baseQuarterRevenue: number;
  readonly otherIncome: number;
  readonly materials: number;
  readonly purchases: number;
  readonly employees: number;
  readonly otherExpenses: number;
  readonly depreciationRate: number;
  readonly interestRate: number;
  readonly debtToRevenue: number;
  readonly currentDebtShare: number;
  readonly inventoryDays: number;
  readonly receivableDays: number;
  readonly noncurrentReceivableShare: number;
  readonly payableDays: number;
  readonly noncurrentPayableShare: number;
  readonly otherLiabilities: number;
  readonly taxRate: number;
  readonly goodwill: number;
  readonly propertyPlantAndEquipment: number;
  readonly cash: number;
  readonly equity: number;
}

/** What the company shares across its books: growth, seasons, its shares and dividend policy. */
export interface CompanyProfile {
  /** 10^7 (crore) or 10^5 (lakh): rupees per unit of the statements. */
  readonly unitPower: number;
  readonly annualGrowth: number;
  /** Seasonal weight of each fiscal quarter, averaging 1. */
  readonly seasons: readonly [number, number, number, number];
  readonly faceValue: number;
  readonly shares: number;
  /** Extra shares from options and convertibles, as a share of the shares in issue. */
  readonly dilution: number;
  readonly payoutRatio: number;
  readonly paysInterim: boolean;
  readonly priceEarnings: number;
  readonly entities: ReadonlyMap<Basis, EntityProfile>;
}

const within = (rng: Prng, [low, high]: Range) => (high > low ? rng.between(low, high) : low);

function entityProfile(rng: Prng, company: Company, annualRevenue: number, basis: Basis): EntityProfile {
  const s = company.sector;
  const materials = within(rng, s.materials);
  const purchases = within(rng, s.purchases);
  const employees = within(rng, s.employees);
  // One company in fifteen runs thin: its quarters swing into losses.
  const margin = rng.chance(0.066) ? rng.between(0.01, 0.06) : within(rng, s.margin);
  const otherExpenses = Math.max(0.03, 1 - margin - materials - purchases - employees);
  const equity = Math.round(annualRevenue * rng.between(0.35, 1.2));
  return {
    baseQuarterRevenue: Math.max(10, Math.round(annualRevenue / 4)),
    otherIncome: rng.between(0.004, 0.04),
    materials,
    purchases,
    employees,
    otherExpenses,
    depreciationRate: rng.between(0.06, 0.12),
    interestRate: rng.between(0.07, 0.11),
    debtToRevenue: rng.chance(0.2) ? 0 : rng.between(0.05, 0.6),
    currentDebtShare: rng.between(0.2, 0.6),
    inventoryDays: within(rng, s.inventoryDays),
    receivableDays: within(rng, s.receivableDays),
    noncurrentReceivableShare: rng.chance(0.5) ? 0 : rng.between(0.01, 0.06),
    payableDays: within(rng, s.payableDays),
    noncurrentPayableShare: rng.chance(0.7) ? 0 : rng.between(0.01, 0.04),
    otherLiabilities: rng.between(0.04, 0.12),
    taxRate: rng.between(0.22, 0.3),
    goodwill: basis === 'consolidated' && rng.chance(0.7) ? Math.round(annualRevenue * rng.between(0.01, 0.15)) : 0,
    propertyPlantAndEquipment: Math.round(annualRevenue * within(rng, s.capital)),
    cash: Math.round(annualRevenue * rng.between(0.03, 0.15)),
    equity,
  };
}

/**
 * Shares such that the paid-up capital (shares x face value) is a whole number of rounding
 * units, so the filed capital is exact at the filing's precision; about a price of 40 to 3,000
 * rupees at a P/E of 12 to 45.
 */
function sharesOf(
  rng: Prng,
  annualRevenueRupees: number,
  margin: number,
  faceValue: number,
  unitPower: number,
  priceEarnings: number,
): number {
  const marketCap = Math.max(annualRevenueRupees * 0.3, annualRevenueRupees * margin * 0.55 * priceEarnings);
  // The largest companies trade at higher prices: no more than about 2,000 crore shares.
  const price = Math.max(Math.exp(rng.between(Math.log(40), Math.log(3_000))), marketCap / 2e10);
  const step = 10 ** unitPower / faceValue;
  return Math.max(step, Math.round(marketCap / price / step) * step);
}

export function companyProfile(company: Company, seed: number): CompanyProfile {
  const rng = prngFor(seed, 'company', company.index, 'profile');
  const unitPower = ROUNDING_POWER[company.rounding];
  const annualRevenue = Math.round((company.revenueCrore * 1e7) / 10 ** unitPower);
  const standaloneShare = company.bases.length > 1 ? rng.between(0.55, 0.95) : 1;
  const entities = new Map<Basis, EntityProfile>();
  for (const basis of company.bases) {
    const share = basis === 'standalone' ? standaloneShare : 1;
    entities.set(
      basis,
      entityProfile(prngFor(seed, 'company', company.index, 'profile', basis), company, Math.round(annualRevenue * share), basis),
    );
  }
  const seasonal = [rng.between(0.9, 1.05), rng.between(0.95, 1.05), rng.between(0.95, 1.1), rng.between(1, 1.15)];
  const mean = seasonal.reduce((a, b) => a + b, 0) / 4;
  const faceValue = rng.pick([1, 2, 2, 5, 10, 10, 10]);
  const priceEarnings = rng.between(12, 45);
  return {
    unitPower,
    annualGrowth: rng.between(-0.03, 0.15),
    seasons: seasonal.map((s) => s / mean) as [number, number, number, number],
    faceValue,
    shares: sharesOf(rng, company.revenueCrore * 1e7, 0.12, faceValue, unitPower, priceEarnings),
    dilution: rng.chance(0.4) ? 0 : rng.between(0.0005, 0.006),
    payoutRatio: rng.chance(0.15) ? 0 : rng.between(0.1, 0.5),
    paysInterim: rng.chance(0.3),
    priceEarnings,
    entities,
  };
}
