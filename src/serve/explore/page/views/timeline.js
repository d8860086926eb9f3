// @ts-check
// Restatement timeline of one fact: every version from GET /v1/financials/versions, with its
// filing, known_at, recorded_at and change, drawn on a time axis.
import { apiGet } from '../api.js';
import { drawChart } from '../chart.js';
import { el, field, select, sourceLink, table, viewSection } from '../dom.js';
import { chartNumber, chartUnit, formatValue, instant, periodLabel, seconds } from '../format.js';
import { latestOnly } from '../latest.js';
import { companyRef, state } from '../state.js';

/** @typedef {{ field: string, difference: string | null }} Change */
/**
 * One version of a fact, as GET /v1/financials/versions gives it (the fields read here).
 * @typedef {object} Version
 * @property {string | null} value
 * @property {string} unit
 * @property {string | null} scale
 * @property {string} change
 * @property {Change[]} changes
 * @property {string | null} source_url
 * @property {string} document_type
 * @property {boolean} is_revision
 * @property {string} known_at
 * @property {string} recorded_at
 * @property {string | null} superseded_at
 */
/** @typedef {import('../api.js').Envelope<{ period: import('../format.js').Period, versions: Version[] }[], unknown>} VersionsBody */

/** @param {Version} v */
const changeText = (v) =>
  v.changes.length === 0
    ? v.change
    : `${v.change}: ${v.changes.map((c) => (c.field === 'value' ? `value ${c.difference ? `${c.difference.startsWith('-') ? '' : '+'}${formatValue(c.difference, v.unit, v.scale)}` : 'changed'}` : `${c.field} changed`)).join('; ')}`;

/**
 * @param {import('../app.js').ViewContext} ctx
 * @returns {import('../app.js').View}
 */
export function timelineView(ctx) {
  const concept = el('input', { type: 'text', name: 'fact-concept', required: true, autocomplete: 'off' });
  const basis = select('fact-basis', ['consolidated', 'standalone']);
  const periodEnd = el('input', { type: 'date', name: 'fact-period-end', required: true });
  const periodType = select('fact-period-type', ['quarterly', 'annual', 'half_yearly', 'nine_months', 'instant']);
  const result = el('div', {});
  /** @type {import('../state.js').FactRef | null} */
  let shownFact = null;
  const start = latestOnly();

  async function load() {
    const current = start();
    if (!state.company) return void result.replaceChildren(el('p', {}, 'Choose a company first (Company view).'));
    const query = {
      ticker: companyRef(),
      concept: concept.value.trim(),
      basis: basis.value,
      period_end: periodEnd.value,
      period_type: periodType.value,
    };
    try {
      const body = /** @type {VersionsBody} */ (await apiGet('/v1/financials/versions', query));
      if (!current()) return;
      const chain = body.data[0];
      if (!chain) return void result.replaceChildren(el('p', {}, 'No version of this fact is known.'));
      const versions = chain.versions;
      const unit = versions[0].unit;
      // Stepped from each version's known_at to the next, the one in force drawn on past the
      // last by as long again (a week at least): the revisions stay apart on the axis, however
      // long ago they were. recorded_at (this service's clock) is in the table.
      const known = versions.map((v) => seconds(v.known_at));
      const last = known[known.length - 1];
      const xs = [...known, last + Math.max(last - known[0], 7 * 86400)];
      const values = [...versions, versions[versions.length - 1]].map((v) => chartNumber(v.value, unit));
      const chart = el('div', { class: 'chart' });
      result.replaceChildren(
        el(
          'h3',
          {},
          `${query.concept}, ${periodLabel(chain.period)} (${chain.period.start ?? ''} to ${chain.period.end}), ${query.basis}: ${versions.length} version${versions.length === 1 ? '' : 's'}`,
        ),
        chart,
        table(
          'Every version, oldest first',
          ['#', 'Value', 'Change', 'Filing', 'known_at (disseminated)', 'recorded_at (this service)', 'Superseded at'],
          versions.map((v, i) => ({
            attrs: { class: 'version' },
            cells: [
              String(i + 1),
              formatValue(v.value, v.unit, v.scale),
              changeText(v),
              sourceLink(v.source_url, `${v.document_type}${v.is_revision ? ' (revision)' : ''}`),
              instant(v.known_at),
              instant(v.recorded_at),
              v.superseded_at ? instant(v.superseded_at) : 'in force',
            ],
          })),
        ),
      );
      drawChart(chart, {
        xs,
        yLabel: chartUnit(unit),
        description: `Versions of ${query.concept} over time: ${versions.map((v) => `${formatValue(v.value, v.unit, v.scale)} known ${instant(v.known_at)}`).join(', ')}`,
        series: [{ label: 'value in force, by known_at', values, step: true }],
      });
    } catch (error) {
      if (current()) result.replaceChildren(ctx.failure(error));
    }
  }

  function show() {
    const fact = state.fact;
    if (fact && fact !== shownFact) {
      shownFact = fact;
      concept.value = fact.concept;
      basis.value = fact.basis;
      periodEnd.value = fact.period_end;
      periodType.value = fact.period_type;
      void load();
    } else if (!fact && !shownFact)
      result.replaceChildren(el('p', {}, 'Open a fact’s versions from the Financials view, or name one here.'));
  }

  const section = viewSection(
    'timeline',
    'Restatement timeline',
    el(
      'form',
      { class: 'row', onsubmit: (/** @type {SubmitEvent} */ e) => (e.preventDefault(), void load()) },
      field('Concept', concept),
      field('Basis', basis),
      field('Period end', periodEnd),
      field('Period type', periodType),
      el('button', { type: 'submit' }, 'Show versions'),
    ),
    result,
  );
  return { id: 'timeline', label: 'Restatements', section, show, reset: () => (shownFact = null) };
}
