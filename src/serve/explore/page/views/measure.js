// @ts-check
// One measure over time: a reported concept or a derived metric by period, as known at T
// and as known now; a restatement shows as a gap between the two lines.
import { apiGet } from '../api.js';
import { drawChart } from '../chart.js';
import { el, field, missing, select, table, viewSection } from '../dom.js';
import { chartNumber, chartUnit, formatValue, periodLabel, seconds } from '../format.js';
import { latestOnly } from '../latest.js';
import { companyRef, state } from '../state.js';

/** @typedef {import('../format.js').Period} Period */
/** @typedef {{ period: Period, value: string | null, unit: string, scale: string | null }} Fact */
/** @typedef {{ metric: string, period: Period, value: string | null, unit: string, reason: string | null }} Metric */
/** @typedef {{ period: Period, value: string | null, unit: string, scale: string | null, reason: string | null }} Entry */

/**
 * The series of one measure: period end → { period, value, unit, scale, reason }.
 * @param {string} kind 'concept' or 'metric'
 * @param {string} name
 * @param {import('../api.js').Params} common
 * @param {string | null} asOf
 * @returns {Promise<Map<string, Entry>>}
 */
async function measureSeries(kind, name, common, asOf) {
  const params = { ...common, as_of: asOf ?? undefined };
  if (kind === 'concept') {
    const body = /** @type {import('../api.js').Envelope<Fact[], unknown>} */ (
      await apiGet('/v1/financials', { ...params, concept: name, limit: 2000 })
    );
    return new Map(body.data.map((f) => [f.period.end, { period: f.period, value: f.value, unit: f.unit, scale: f.scale, reason: null }]));
  }
  const body = /** @type {import('../api.js').Envelope<Metric[], unknown>} */ (await apiGet('/v1/financial-metrics', params));
  return new Map(
    body.data
      .filter((m) => m.metric === name)
      .map((m) => [m.period.end, { period: m.period, value: m.value, unit: m.unit, scale: 'crore', reason: m.reason }]),
  );
}

/**
 * @param {Entry | undefined} entry
 * @param {string} whenAbsent why an absent entry is missing
 */
const shownValue = (entry, whenAbsent) =>
  !entry
    ? missing(whenAbsent)
    : entry.value === null
      ? missing(entry.reason ?? 'not available')
      : formatValue(entry.value, entry.unit, entry.scale);

/**
 * @param {import('../app.js').ViewContext} ctx
 * @returns {import('../app.js').View}
 */
export function measureView(ctx) {
  const kind = select('measure-kind', [
    ['concept', 'reported concept'],
    ['metric', 'derived metric or ratio'],
  ]);
  const name = el('input', { type: 'text', name: 'measure-name', value: 'Revenue', required: true, autocomplete: 'off' });
  const basis = select('measure-basis', ['consolidated', 'standalone']);
  const period = select('measure-period', ['quarterly', 'annual']);
  const at = el('input', { type: 'date', name: 'measure-at', required: true });
  const result = el('div', {});
  /** @type {string | null} */
  let drawnFor = null;
  const start = latestOnly();

  async function draw() {
    const current = start();
    if (!state.company) return void result.replaceChildren(el('p', {}, 'Choose a company first (Company view).'));
    drawnFor = state.company.id;
    const common = { ticker: companyRef(), basis: basis.value, period: period.value };
    try {
      const [then, now] = await Promise.all([
        measureSeries(kind.value, name.value.trim(), common, at.value),
        measureSeries(kind.value, name.value.trim(), common, null),
      ]);
      if (!current()) return;
      const ends = [...new Set([...then.keys(), ...now.keys()])].sort();
      if (ends.length === 0) return void result.replaceChildren(el('p', {}, `No ${name.value} for this company, basis and period.`));
      const lastEnd = ends[ends.length - 1] ?? '';
      // Every end is a key of one map or the other, so the newest has an entry.
      const sample = /** @type {Entry} */ (now.get(lastEnd) ?? then.get(lastEnd));
      const chart = el('div', { class: 'chart' });
      const label = `${name.value} (${basis.value}, ${period.value})`;
      result.replaceChildren(
        el('h3', {}, `${label}: as known at ${at.value} and as known now`),
        chart,
        table(
          `${label} by period`,
          ['Period', 'Period end', `As known at ${at.value}`, 'As known now', 'Differs'],
          ends.map((end) => {
            const t = then.get(end);
            const n = now.get(end);
            const differs = (t?.value ?? null) !== (n?.value ?? null);
            return {
              attrs: { class: differs ? 'changed' : '' },
              cells: [
                periodLabel(/** @type {Entry} */ (n ?? t).period),
                end,
                shownValue(t, `not known at ${at.value}`),
                shownValue(n, 'not known'),
                differs ? el('strong', {}, 'differs') : 'same',
              ],
            };
          }),
        ),
      );
      drawChart(chart, {
        xs: ends.map(seconds),
        yLabel: chartUnit(sample.unit),
        description: `${label} by period end: one line as known at ${at.value}, one as known now.`,
        series: [
          { label: `as known at ${at.value}`, values: ends.map((e) => chartNumber(then.get(e)?.value, sample.unit)) },
          { label: 'as known now', values: ends.map((e) => chartNumber(now.get(e)?.value, sample.unit)) },
        ],
      });
    } catch (error) {
      if (current()) result.replaceChildren(ctx.failure(error));
    }
  }

  function show() {
    if (!at.value) at.value = (state.asOf ?? new Date().toISOString()).slice(0, 10);
    if (state.company && drawnFor !== state.company.id) void draw();
    else if (!state.company) result.replaceChildren(el('p', {}, 'Choose a company first (Company view).'));
  }

  const section = viewSection(
    'measure',
    'One measure over time',
    el(
      'p',
      {},
      'Two lines: as known at T (the date below, 00:00 UTC) and as known now. Where they part, a later filing restated the figure.',
    ),
    el(
      'form',
      { class: 'row', onsubmit: (/** @type {SubmitEvent} */ e) => (e.preventDefault(), void draw()) },
      field('Kind', kind),
      field('Concept or metric', name, 'e.g. Revenue, ProfitAfterTax, ebitda, net_margin'),
      field('Basis', basis),
      field('Periods', period),
      field('As known at T', at),
      el('button', { type: 'submit' }, 'Draw'),
    ),
    result,
  );
  return { id: 'measure', label: 'Measure over time', section, show, reset: () => (drawnFor = null) };
}
