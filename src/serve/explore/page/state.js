// @ts-check
// What the views share: the chosen company, the fact opened for its versions, the as_of of
// the financials table (the measure view starts from it).

/** @typedef {{ id: string, name: string, nse_symbol: string | null, bse_code: string | null, isin: string | null }} Company */
/** @typedef {{ concept: string, basis: string, period_end: string, period_type: string }} FactRef */
/** @typedef {{ company: Company | null, fact: FactRef | null, asOf: string | null }} State */
/** @typedef {(patch: Partial<State>) => void} Listener */

/** @type {State} */
export const state = { company: null, fact: null, asOf: null };
/** @type {Set<Listener>} */
const listeners = new Set();

/** @param {Partial<State>} patch */
export function update(patch) {
  Object.assign(state, patch);
  for (const listener of listeners) listener(patch);
}

/** @param {Listener} listener */
export const subscribe = (listener) => void listeners.add(listener);

/**
 * The reference every company route takes: the company's UUID (never a name).
 * @returns {string | null}
 */
export const companyRef = () => state.company && state.company.id;
