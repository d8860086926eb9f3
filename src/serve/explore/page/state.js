// What the views share: the chosen company, the fact opened for its versions, the as_of of
// the financials table (the measure view starts from it).

export const state = { company: null, fact: null, asOf: null };
const listeners = new Set();

export function update(patch) {
  Object.assign(state, patch);
  for (const listener of listeners) listener(patch);
}

export const subscribe = (listener) => listeners.add(listener);

/** The reference every company route takes: the company's UUID (never a name). */
export const companyRef = () => state.company && state.company.id;
