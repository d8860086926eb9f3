import type { Basis } from '#schemas/common';
import { type CompanyProfile, companyProfile } from './company-profile.ts';
import { planCapitalChange, planDividend, type PlannedAction } from './corporate-action-plan.ts';
import { divideRounded } from '#platform/decimals';
import type { FiscalQuarterSpan } from '#platform/time';
import { simulatedQuarters } from './simulated-quarters.ts';
import { prngFor } from './prng.ts';
import { type EntityQuarter, incomeTotals } from './statements.ts';
import { type CompanyQuarterEvents, type EntityState, initialState, stepEntity } from './step-entity.ts';
import type { Company } from './universe.ts';

/** One simulated quarter of a company: its share capital at the end and each set of books. */
export interface SimulatedQuarter {
  readonly fq: FiscalQuarterSpan;
  readonly shares: number;
  readonly dilutedShares: number;
  readonly faceValue: number;
  /** Paid-up capital in units: shares x face value. */
  readonly shareCapital: number;
  readonly entities: ReadonlyMap<Basis, EntityQuarter>;
}

export interface CompanyHistory {
  readonly profile: CompanyProfile;
  /** Every simulated quarter, oldest first (a year's first quarters before the first filed one included). */
  readonly quarters: readonly SimulatedQuarter[];
  /** The actions announced, in ex-date order, including those after the last quarter. */
  readonly actions: readonly PlannedAction[];
}

/** The books dividends are decided on: the group's when the company has one. */
export const mainBasis = (company: Company): Basis => (company.bases.includes('consolidated') ? 'consolidated' : 'standalone');

interface Capital {
  shares: number;
  faceValue: number;
}

/** The actions going ex in a quarter change the shares; dividends paid are cash out, in units. */
function applyActions(
  actions: readonly PlannedAction[],
  fq: FiscalQuarterSpan,
  capital: Capital,
  unitPower: number,
): { dividends: number; bonusCapital: number } {
  let dividends = 0n;
  let bonusCapital = 0;
  const unit = 10n ** BigInt(unitPower);
  const inQuarter = actions.filter((a) => a.exDate >= fq.start && a.exDate <= fq.end).sort((a, b) => a.exDate.localeCompare(b.exDate));
  for (const action of inQuarter) {
    if (action.kind === 'dividend') dividends += divideRounded(BigInt(action.paise) * BigInt(capital.shares), 100n * unit);
    if (action.kind === 'split') {
      capital.shares = (capital.shares * action.from) / action.to;
      capital.faceValue = action.to;
    }
    if (action.kind === 'bonus') {
      const added = (capital.shares * action.ratio.new) / action.ratio.existing;
      capital.shares += added;
      bonusCapital += (added * capital.faceValue) / 10 ** unitPower;
    }
  }
  return { dividends: Number(dividends), bonusCapital };
}

/** Earnings per share in paise from a profit in units, for dividend decisions. */
const epsPaise = (profitUnits: number, shares: number, unitPower: number) =>
  Number(divideRounded(BigInt(profitUnits) * 10n ** BigInt(unitPower) * 100n, BigInt(shares)));

/**
 * A company's quarters, its books rolled forward quarter by quarter in lockstep (the
 * standalone and the consolidated books see the same dividends, bonus issues and splits),
 * and the corporate actions it announces along the way.
 */
export function simulateCompany(company: Company, filedEnds: readonly string[], seed: number): CompanyHistory {
  const profile = companyProfile(company, seed);
  const rng = prngFor(seed, 'company', company.index, 'actions');
  const capital: Capital = { shares: profile.shares, faceValue: profile.faceValue };
  const states = new Map<Basis, EntityState>();
  for (const [basis, entity] of profile.entities)
    states.set(basis, initialState(entity, (capital.shares * capital.faceValue) / 10 ** profile.unitPower));
  const actions: PlannedAction[] = [];
  const quarters: SimulatedQuarter[] = [];
  let interimPaise = 0;
  let yearProfit = 0;
  for (const [t, fq] of simulatedQuarters(filedEnds, company.yearEnd).entries()) {
    const paid = applyActions(actions, fq, capital, profile.unitPower);
    const shareCapital = (capital.shares * capital.faceValue) / 10 ** profile.unitPower;
    const events: CompanyQuarterEvents = { quarter: fq.quarter, t, shareCapital, ...paid };
    const entities = new Map<Basis, EntityQuarter>();
    for (const [basis, entity] of profile.entities) {
      const state = states.get(basis);
      if (!state) continue;
      const stepped = stepEntity(prngFor(seed, 'company', company.index, 'books', basis, t), entity, profile, state, events);
      states.set(basis, stepped.state);
      entities.set(basis, stepped.quarter);
    }
    const dilutedShares = capital.shares + Math.round(capital.shares * profile.dilution);
    quarters.push({ fq, shares: capital.shares, dilutedShares, faceValue: capital.faceValue, shareCapital, entities });

    const main = entities.get(mainBasis(company));
    yearProfit = (fq.quarter === 1 ? 0 : yearProfit) + (main ? incomeTotals(main.income).profitAfterTax : 0);
    const eps = epsPaise(yearProfit, capital.shares, profile.unitPower);
    if (fq.quarter === 1) interimPaise = 0;
    if (fq.quarter === 2 && profile.paysInterim) {
      const interim = planDividend('Interim', fq.end, rng.int(35, 70), eps, profile.payoutRatio / 2, 0);
      if (interim?.kind === 'dividend') interimPaise = interim.paise;
      if (interim) actions.push(interim);
    }
    if (fq.quarter === 4) {
      const final = planDividend('Final', fq.end, rng.int(95, 150), eps, profile.payoutRatio, interimPaise);
      if (final) actions.push(final);
      const change = planCapitalChange(rng, fq.end, capital.faceValue, capital.shares, 10 ** profile.unitPower / capital.faceValue);
      if (change) actions.push(change);
    }
  }
  actions.sort((a, b) => a.exDate.localeCompare(b.exDate));
  return { profile, quarters, actions };
}
