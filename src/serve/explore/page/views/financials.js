// Financials as of: the company's facts at one as_of (A) beside another (B), the ones that
// differ highlighted; each value links to the filing that stated it.
import { apiGet } from '../api.js';
import { createAsOfControl } from '../as-of-control.js';
import { el, field, missing, select, sourceLink, table, viewSection } from '../dom.js';
import { formatValue, instant, periodLabel } from '../format.js';
import { companyRef, state, update } from '../state.js';

export const factKey = (f) => `${f.concept}|${f.basis}|${f.period.type}|${f.period.end}`;

/** The company's filing times, oldest first, one stop per instant. */
async function filingStops() {
  const body = await apiGet('/v1/filings', { ticker: companyRef(), limit: 200 });
  const byTime = new Map();
  for (const f of body.data) if (!byTime.has(f.known_at)) byTime.set(f.known_at, { known_at: f.known_at, title: f.title });
  return [...byTime.values()].sort((a, b) => a.known_at.localeCompare(b.known_at));
}

const valueCell = (fact, reason, cls) =>
  el('td', { class: cls }, fact ? sourceLink(fact.source_url, formatValue(fact.value, fact.unit, fact.scale)) : missing(reason));

export function financialsView(ctx) {
  const basis = select('basis', ['consolidated', 'standalone', ['', 'both']]);
  const period = select('period', ['quarterly', 'annual', 'any']);
  const filter = el('input', { type: 'search', name: 'concept-filter', autocomplete: 'off' });
  const a = createAsOfControl({ name: 'as-of-a', legend: 'as_of A', onChange: () => void load() });
  const b = createAsOfControl({ name: 'as-of-b', legend: 'as_of B (compared with A)', onChange: () => void load() });
  const result = el('div', {});
  let loadedFor = null;
  let rows = [];
  let request = 0;

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

  const openVersions = (r) => {
    update({ fact: { concept: r.concept, basis: r.basis, period_end: r.period.end, period_type: r.period.type } });
    ctx.go('timeline');
  };

  const fetchFacts = (asOf) =>
    apiGet('/v1/financials', { ticker: companyRef(), basis: basis.value, period: period.value, as_of: asOf ?? undefined, limit: 2000 });

  async function load() {
    const mine = ++request;
    update({ asOf: a.value });
    try {
      const [atA, atB] = await Promise.all([fetchFacts(a.value), fetchFacts(b.value)]);
      if (mine !== request) return;
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
      if (mine === request) result.replaceChildren(ctx.failure(error));
    }
  }

  async function show() {
    if (!state.company) return void result.replaceChildren(el('p', {}, 'Choose a company first (Company view).'));
    if (loadedFor === state.company.id) return;
    loadedFor = state.company.id;
    try {
      const stops = await filingStops();
      // A starts one filing before the latest, B at now: what the latest filing changed shows at once.
      a.reset(stops, stops.length > 1 ? stops[stops.length - 2].known_at : null);
      b.reset(stops, null);
      await load();
    } catch (error) {
      result.replaceChildren(ctx.failure(error));
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
