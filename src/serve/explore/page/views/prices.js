// @ts-check
// Prices: daily closes with the adjustment switch (none, splits, all), corporate actions
// marked on the time axis (GET /v1/prices, GET /v1/corporate-actions).
import { apiGet } from '../api.js';
import { drawChart } from '../chart.js';
import { el, table, viewSection } from '../dom.js';
import { formatDecimal, instant, seconds } from '../format.js';
import { latestOnly } from '../latest.js';
import { companyRef, state } from '../state.js';

/** @typedef {{ start: string, close: string, known_at: string }} Candle */
/**
 * A factor of an adjustment: one corporate action, applied or not.
 * @typedef {object} Factor
 * @property {string} ex_date
 * @property {string} action_type
 * @property {string} purpose
 * @property {string | null} price_factor
 * @property {boolean} applied
 * @property {string | null} reason
 */
/**
 * How the candles were adjusted; null in the meta when they were not.
 * @typedef {{ mode: string, method: string, actions_known_at: string, factors: Factor[], note: string | null }} Adjustment
 */
/**
 * GET /v1/prices (the fields read here).
 * @typedef {import('../api.js').Envelope<Candle[], { interval: string, exchange: string, tickers: string[], adjustment: Adjustment | null }>} PricesBody
 */
/** @typedef {{ ex_date: string | null, action_type: string | null, purpose: string | null, known_at: string }} CorporateAction */
/** @typedef {import('../api.js').Envelope<CorporateAction[], unknown>} ActionsBody */

/** @type {[string, string][]} */
const MODES = [
  ['none', 'As published'],
  ['splits', 'Adjusted for splits and bonuses'],
  ['all', 'Adjusted for splits, bonuses, dividends and rights'],
];

/**
 * @param {import('../app.js').ViewContext} ctx
 * @returns {import('../app.js').View}
 */
export function pricesView(ctx) {
  const result = el('div', {});
  const radios = MODES.map(([mode, label]) =>
    el(
      'label',
      { class: 'radio' },
      el('input', { type: 'radio', name: 'adjust', value: mode, checked: mode === 'none', onchange: () => void load() }),
      ` ${label}`,
    ),
  );
  /** @type {string | null} */
  let shownFor = null;
  const start = latestOnly();
  /** The adjustment chosen. */
  const mode = () => radios.map((r) => r.querySelector('input')).find((i) => i?.checked)?.value ?? 'none';

  async function load() {
    const current = start();
    const company = state.company;
    if (!company) return void result.replaceChildren(el('p', {}, 'Choose a company first (Company view).'));
    shownFor = company.id;
    try {
      const [prices, actions] = await Promise.all([
        apiGet('/v1/prices', { ticker: companyRef(), adjust: mode(), limit: 5000 }).then((body) => /** @type {PricesBody} */ (body)),
        apiGet('/v1/corporate-actions', { ticker: companyRef(), limit: 200 }).then((body) => /** @type {ActionsBody} */ (body)),
      ]);
      if (!current()) return;
      const candles = prices.data;
      const adjustment = prices.meta.adjustment;
      const summary = el(
        'p',
        { class: 'adjustment', 'aria-live': 'polite' },
        adjustment
          ? `Adjusted (${adjustment.mode}, ${adjustment.method}) with the corporate actions known at ${instant(adjustment.actions_known_at)}: ${adjustment.factors.length} factor${adjustment.factors.length === 1 ? '' : 's'}.${adjustment.note ? ` ${adjustment.note}` : ''}`
          : 'Prices as published (no adjustment).',
      );
      if (candles.length === 0) return void result.replaceChildren(summary, el('p', {}, 'No prices of this company are held.'));
      const chart = el('div', { class: 'chart' });
      const first = candles[0].start.slice(0, 10);
      const last = candles[candles.length - 1].start.slice(0, 10);
      result.replaceChildren(
        summary,
        el(
          'p',
          {},
          `${candles.length} ${prices.meta.interval} candles on ${prices.meta.exchange} (${prices.meta.tickers.join(', ')}), ${first} to ${last}; last close ₹${formatDecimal(candles[candles.length - 1].close)}.`,
        ),
        chart,
        // No factors table at all when nothing was adjusted (replaceChildren would show a null as "null").
        ...(adjustment && adjustment.factors.length
          ? [
              table(
                'Adjustment factors, oldest ex-date first',
                ['Ex-date', 'Action', 'Purpose', 'Price factor', 'Applied'],
                adjustment.factors.map((f) => [
                  f.ex_date,
                  f.action_type,
                  f.purpose,
                  f.price_factor ?? 'none',
                  f.applied ? 'yes' : `no: ${f.reason ?? ''}`,
                ]),
              ),
            ]
          : []),
        actions.data.length
          ? table(
              'Corporate actions (dashed lines on the chart)',
              ['Ex-date', 'Type', 'Purpose', 'Known at'],
              actions.data.map((a) => [a.ex_date ?? 'not stated', a.action_type, a.purpose ?? '', instant(a.known_at)]),
            )
          : el('p', {}, 'No corporate actions of this company are held.'),
      );
      drawChart(chart, {
        xs: candles.map((c) => seconds(c.start)),
        yLabel: '₹ close',
        description: `Closing prices of ${company.name}, ${first} to ${last}, ${mode() === 'none' ? 'as published' : `adjusted (${mode()})`}.`,
        series: [{ label: `close (${mode()})`, values: candles.map((c) => Number(c.close)), points: candles.length < 60 }],
        marks: actions.data.flatMap((a) => (a.ex_date ? [{ x: seconds(a.ex_date), label: a.action_type ?? '' }] : [])),
      });
    } catch (error) {
      if (current()) result.replaceChildren(ctx.failure(error));
    }
  }

  const section = viewSection('prices', 'Prices', el('fieldset', { class: 'row' }, el('legend', {}, 'Adjustment'), radios), result);
  const show = () => (state.company && shownFor === state.company.id ? undefined : load());
  return { id: 'prices', label: 'Prices', section, show, reset: () => (shownFor = null) };
}
