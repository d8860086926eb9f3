// @ts-check
// Financials as of: the company's facts at one as_of (A) beside another (B), the ones that
// differ highlighted; each value links to the filing that stated it.
import { apiGet } from '../api.js';
import { createAsOfControl } from '../as-of-control.js';
import { el, field, missing, select, sourceLink, table, viewSection } from '../dom.js';
import { formatValue, instant, periodLabel } from '../format.js';
import { latestOnly } from '../latest.js';
import { companyRef, state, update } from '../state.js';

/** @typedef {import('../api.js').Envelope<Fact[], unknown>} FactsBody */
/** @typedef {import('../api.js').Envelope<{ known_at: string, title: string }[], unknown>} FilingsBody */
/**
 * A fact as GET /v1/financials gives it (the fields read here).
 * @typedef {object} Fact
 * @property {string} concept
 * @property {string} basis
 * @property {import('../format.js').Period} period
 * @property {string | null} value
 * @property {string} unit
 * @property {string | null} scale
 * @property {string | null} source_url
 * @property {string} known_at
 */
/**
 * One row of the table: a fact at A beside the same fact at B.
 * @typedef {{ key: string, concept: string, basis: string, period: import('../format.js').Period, a: Fact | null, b: Fact | null, changed: boolean }} FactRow
 */

/** @param {Pick<Fact, 'concept' | 'basis' | 'period'>} f */
export const factKey = (f) => `${f.concept}|${f.basis}|${f.period.type}|${f.period.end}`;

/**
 * The company's filing times, oldest first, one stop per instant.
 * @returns {Promise<import('../as-of-control.js').FilingStop[]>}
 */
async function filingStops() {
  const body = /** @type {FilingsBody} */ (await apiGet('/v1/filings', { ticker: companyRef(), limit: 200 }));
  /** @type {Map<string, import('../as-of-control.js').FilingStop>} */
  const byTime = new Map();
  for (const f of body.data) if (!byTime.has(f.known_at)) byTime.set(f.known_at, { known_at: f.known_at, title: f.title });
  return [...byTime.values()].sort((a, b) => a.known_at.localeCompare(b.known_at));
}

/**
 * @param {Fact | null} fact
 * @param {string} reason why a missing fact is missing
 * @param {string} cls
 */
const valueCell = (fact, reason, cls) =>
  el('td', { class: cls }, fact ? sourceLink(fact.source_url, formatValue(fact.value, fact.unit, fact.scale) ?? '') : missing(reason));

/**
 * @param {import('../app.js').ViewContext} ctx
 * @returns {import('../app.js').View}
 */
export function financialsView(ctx) {
  const basis = select('basis', ['consolidated', 'standalone', ['', 'both']]);
  const period = select('period', ['quarterly', 'annual', 'any']);
  const filter = el('input', { type: 'search', name: 'concept-filter', autocomplete: 'off' });
  const a = createAsOfControl({ name: 'as-of-a', legend: 'as_of A', onChange: () => void load() });
  const b = createAsOfControl({ name: 'as-of-b', legend: 'as_of B (compared with A)', onChange: () => void load() });
  const result = el('div', {});
  /** @type {string | null} */
  let loadedFor = null;
  /** @type {FactRow[]} */
  let rows = [];
  const startLoad = latestOnly();
  const startStops = latestOnly();

  const render = () => {
    const text = filter.value.trim().toLowerCase();
    const shown = rows.filter((r) => !text || r.concept.toLowerCase().includes(text));
    const changed = shown.filter((r) => r.changed).length;
    result.replaceChildren(
      el('p', {}, `${shown.length} facts; ${changed} differ between A and B (marked “changed”).`),
      table(
        `Facts as of A (${a.value ? instant(a.value) : 'now'}) and B (${b.value ? instant(b.value) : 'now'})`,
        ['Concept', 'Basis', 'Period', 'Period end', 'Value at A', 'Value at B', 'Change', 'Known at (A)', 'Versions'],
        shown.map((r) => ({
          attrs: { class: r.changed ? 'changed' : '', dataset: { fact: r.key } },
          cells: [
            r.concept,
            r.basis,
            periodLabel(r.period),
            r.period.end,
            valueCell(r.a, 'not known at A', 'value-a'),
            valueCell(r.b, 'not known at B', 'value-b'),
            r.changed ? el('strong', {}, 'changed') : 'same',
            r.a ? instant(r.a.known_at) : '',
            el(
              'button',
              {
                type: 'button',
                onclick: () => openVersions(r),
                'aria-label': `Versions of ${r.concept} ${periodLabel(r.period)} ${r.basis}`,
              },
              'Versions',
            ),
          ],
        })),
      ),
    );
  };

  /** @param {FactRow} r */
  const openVersions = (r) => {
    update({ fact: { concept: r.concept, basis: r.basis, period_end: r.period.end, period_type: r.period.type } });
    ctx.go('timeline');
  };

  /** @param {string | null} asOf */
  const fetchFacts = async (asOf) =>
    /** @type {FactsBody} */ (
      await apiGet('/v1/financials', {
        ticker: companyRef(),
        basis: basis.value,
        period: period.value,
        as_of: asOf ?? undefined,
        limit: 2000,
      })
    );

  async function load() {
    const current = startLoad();
    update({ asOf: a.value });
    try {
      const [atA, atB] = await Promise.all([fetchFacts(a.value), fetchFacts(b.value)]);
      if (!current()) return;
      /** @type {Map<string, Omit<FactRow, 'changed'>>} */
      const merged = new Map();
      for (const f of atA.data)
        merged.set(factKey(f), { key: factKey(f), concept: f.concept, basis: f.basis, period: f.period, a: f, b: null });
      for (const f of atB.data) {
        const row = merged.get(factKey(f)) ?? { key: factKey(f), concept: f.concept, basis: f.basis, period: f.period, a: null };
        merged.set(factKey(f), { ...row, b: f });
      }
      rows = [...merged.values()]
        .map((r) => ({ ...r, changed: (r.a?.value ?? null) !== (r.b?.value ?? null) }))
        .sort((x, y) => x.concept.localeCompare(y.concept) || y.period.end.localeCompare(x.period.end) || x.basis.localeCompare(y.basis));
      render();
    } catch (error) {
      if (current()) result.replaceChildren(ctx.failure(error));
    }
  }

  async function show() {
    if (!state.company) return void result.replaceChildren(el('p', {}, 'Choose a company first (Company view).'));
    if (loadedFor === state.company.id) return;
    loadedFor = state.company.id;
    const current = startStops();
    try {
      const stops = await filingStops();
      if (!current()) return;
      // A starts one filing before the latest, B at now: what the latest filing changed shows at once.
      a.reset(stops, stops.length > 1 ? stops[stops.length - 2].known_at : null);
      b.reset(stops, null);
      await load();
    } catch (error) {
      if (current()) result.replaceChildren(ctx.failure(error));
    }
  }

  basis.addEventListener('change', () => void load());
  period.addEventListener('change', () => void load());
  filter.addEventListener('input', render);
  const section = viewSection(
    'financials',
    'Financials as of',
    el(
      'p',
      {},
      'Each value is what was knowable at that as_of; it links to the filing that stated it. Rows whose value differs between A and B are marked.',
    ),
    el('div', { class: 'row' }, field('Basis', basis), field('Periods', period), field('Concept contains', filter)),
    el('div', { class: 'row as-of-pair' }, a.element, b.element),
    result,
  );
  return { id: 'financials', label: 'Financials as of', section, show, reset: () => (loadedFor = null) };
}
