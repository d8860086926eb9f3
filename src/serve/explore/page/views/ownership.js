// @ts-check
// Ownership: promoter, FII, DII, public and pledged shares by quarter (GET /v1/shareholding).
import { apiGet } from '../api.js';
import { drawChart } from '../chart.js';
import { el, missing, sourceLink, table, viewSection } from '../dom.js';
import { instant, seconds } from '../format.js';
import { latestOnly } from '../latest.js';
import { companyRef, state } from '../state.js';

/** @typedef {'promoter_pct' | 'fii_pct' | 'dii_pct' | 'public_pct' | 'pledged_pct'} Group */
/**
 * A quarter's shareholding pattern as GET /v1/shareholding gives it (the fields read here):
 * each group's percentage a decimal string, null when the source does not state it.
 * @typedef {{ period_end: string, known_at: string, source: string, source_url: string | null } & Record<Group, string | null>} Snapshot
 */

/** @type {[Group, string][]} */
const GROUPS = [
  ['promoter_pct', 'Promoter'],
  ['fii_pct', 'FII'],
  ['dii_pct', 'DII'],
  ['public_pct', 'Public'],
  ['pledged_pct', 'Pledged (of promoter holding)'],
];

/** @param {string | null} value */
const pct = (value) => (value === null ? missing('not stated by the source') : `${value}%`);

/**
 * @param {import('../app.js').ViewContext} ctx
 * @returns {import('../app.js').View}
 */
export function ownershipView(ctx) {
  const result = el('div', {});
  /** @type {string | null} */
  let shownFor = null;
  const start = latestOnly();

  async function show() {
    const company = state.company;
    if (!company) return void result.replaceChildren(el('p', {}, 'Choose a company first (Company view).'));
    if (shownFor === company.id) return;
    shownFor = company.id;
    const current = start();
    try {
      const body = /** @type {import('../api.js').Envelope<Snapshot[], unknown>} */ (
        await apiGet('/v1/shareholding', { ticker: companyRef(), limit: 100 })
      );
      if (!current()) return;
      const quarters = [...body.data].sort((a, b) => a.period_end.localeCompare(b.period_end));
      if (quarters.length === 0) return void result.replaceChildren(el('p', {}, 'No shareholding pattern of this company is held.'));
      const chart = el('div', { class: 'chart' });
      result.replaceChildren(
        chart,
        table(
          'Shareholding by quarter, percent of shares',
          ['Quarter end', ...GROUPS.map(([, label]) => label), 'Known at', 'Source'],
          quarters.map((q) => [
            q.period_end,
            ...GROUPS.map(([key]) => pct(q[key])),
            instant(q.known_at),
            sourceLink(q.source_url, q.source_url ? q.source : `${q.source} (no URL)`),
          ]),
        ),
      );
      drawChart(chart, {
        xs: quarters.map((q) => seconds(q.period_end)),
        yLabel: '% of shares',
        description: `Shareholding of ${company.name} over ${quarters.length} quarters, ${quarters[0].period_end} to ${quarters[quarters.length - 1].period_end}.`,
        series: GROUPS.map(([key, label]) => ({ label, values: quarters.map((q) => (q[key] === null ? null : Number(q[key]))) })),
      });
    } catch (error) {
      if (current()) result.replaceChildren(ctx.failure(error));
    }
  }

  const section = viewSection(
    'ownership',
    'Ownership',
    el(
      'p',
      {},
      'Promoter, FII, DII and public holdings, and pledged shares, by quarter end; a value the source does not state is shown as missing, never as 0.',
    ),
    result,
  );
  return { id: 'ownership', label: 'Ownership', section, show, reset: () => (shownFor = null) };
}
