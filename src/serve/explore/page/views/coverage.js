// @ts-check
// Coverage: each dataset's rows and latest known_at (GET /v1/, public), and for the chosen
// company which datasets hold what, over which periods.
import { apiGet } from '../api.js';
import { el, missing, table, viewSection } from '../dom.js';
import { instant, periodLabel } from '../format.js';
import { latestOnly } from '../latest.js';
import { companyRef, state } from '../state.js';

/** @typedef {import('../dom.js').Child} Child */
/**
 * A dataset as GET /v1/ lists it (the fields read here).
 * @typedef {object} Dataset
 * @property {string} name
 * @property {boolean} available
 * @property {string | null} reason
 * @property {number | null} rows
 * @property {string | null} latest_known_at
 * @property {string | null} latest_write
 * @property {string[]} endpoints
 */
/**
 * A body whose rows are read for their known_at, and the total when the route pages.
 * @template R
 * @typedef {import('../api.js').Envelope<R[], { total: number }>} Rows
 */
/**
 * A dataset's line for the company: its name and how to read its rows, periods and known_at.
 * @typedef {[name: string, read: (ticker: string | null) => Promise<string[]>]} CompanyDataset
 */

/** @param {string[]} values */
const range = (values) => (values.length === 0 ? 'none' : values.length === 1 ? values[0] : `${values[0]} to ${values[values.length - 1]}`);

/**
 * The first and last times the rows became known.
 * @param {{ known_at?: string | null }[]} rows
 */
const knownAtRange = (rows) =>
  range(
    rows
      .map((row) => row.known_at)
      .filter((known) => typeof known === 'string')
      .sort()
      .map(instant),
  );

/**
 * One line per dataset for the company: rows held and the periods they cover; a failure is that line's reason.
 * @type {CompanyDataset[]}
 */
const COMPANY_DATASETS = [
  [
    'financials',
    async (ticker) => {
      const { data } = /** @type {Rows<{ period: import('../format.js').Period, known_at: string }>} */ (
        await apiGet('/v1/financials', { ticker, limit: 2000 })
      );
      const periods = [...new Map(data.map((f) => [`${f.period.type}|${f.period.end}`, f.period])).values()].sort((a, b) =>
        a.end.localeCompare(b.end),
      );
      const labels = [...new Set(periods.filter((p) => p.type !== 'instant').map(periodLabel))];
      return [String(data.length), labels.join(', ') || 'none', knownAtRange(data)];
    },
  ],
  [
    'filings',
    async (ticker) => {
      const { data, meta } = /** @type {Rows<{ fiscal_year: number | null, known_at: string }>} */ (
        await apiGet('/v1/filings', { ticker, limit: 200 })
      );
      const years = [...new Set(data.map((f) => f.fiscal_year).filter((y) => y !== null))].sort();
      return [String(meta.total), years.length ? `fiscal years ${years.join(', ')}` : 'none', knownAtRange(data)];
    },
  ],
  [
    'shareholding',
    async (ticker) => {
      const { data } = /** @type {Rows<{ period_end: string, known_at: string }>} */ (
        await apiGet('/v1/shareholding', { ticker, limit: 100 })
      );
      return [String(data.length), range(data.map((q) => q.period_end).sort()), knownAtRange(data)];
    },
  ],
  [
    'prices',
    async (ticker) => {
      /** @param {import('../api.js').Params} params */
      const candles = async (params) => /** @type {Rows<{ start: string, known_at: string }>} */ (await apiGet('/v1/prices', params));
      const [newest, oldest] = await Promise.all([
        candles({ ticker, limit: 1 }),
        candles({ ticker, start: '1900-01-01T00:00:00Z', limit: 1 }),
      ]);
      const days = [oldest.data[0], newest.data[0]].flatMap((c) => (c ? [c.start.slice(0, 10)] : []));
      return [
        newest.data.length ? 'daily candles' : '0',
        range([...new Set(days)]),
        newest.data[0] ? `to ${instant(newest.data[0].known_at)}` : 'none',
      ];
    },
  ],
  [
    'corporate actions',
    async (ticker) => {
      const { data, meta } = /** @type {Rows<{ ex_date: string | null, known_at: string }>} */ (
        await apiGet('/v1/corporate-actions', { ticker, limit: 200 })
      );
      return [
        String(meta.total),
        range(
          data
            .map((a) => a.ex_date)
            .filter((day) => typeof day === 'string')
            .sort(),
        ),
        knownAtRange(data),
      ];
    },
  ],
  [
    'events',
    async (ticker) => {
      const { data, meta } = /** @type {Rows<{ published_at: string | null, known_at: string }>} */ (
        await apiGet('/v1/events', { ticker, limit: 200 })
      );
      const times = data
        .map((e) => e.published_at ?? e.known_at)
        .filter((time) => typeof time === 'string')
        .sort();
      return [String(meta.total), range(times.map((t) => t.slice(0, 10))), knownAtRange(data)];
    },
  ],
];

/**
 * @param {import('../app.js').ViewContext} ctx
 * @returns {import('../app.js').View}
 */
export function coverageView(ctx) {
  const datasets = el('div', {});
  const company = el('div', {});
  /** @type {string | undefined} */
  let shownFor;
  const startDatasets = latestOnly();
  const startCompany = latestOnly();

  async function showDatasets() {
    const current = startDatasets();
    try {
      const { data } = /** @type {import('../api.js').Envelope<{ datasets: Dataset[] }, unknown>} */ (await apiGet('/v1/'));
      if (!current()) return;
      datasets.replaceChildren(
        table(
          'Datasets of the service',
          ['Dataset', 'Available', 'Rows', 'Latest known_at', 'Latest write', 'Endpoints'],
          data.datasets.map((d) => [
            d.name,
            d.available ? 'yes' : missing(d.reason ?? 'unavailable'),
            String(d.rows ?? ''),
            d.latest_known_at ? instant(d.latest_known_at) : missing('no rows'),
            d.latest_write ? instant(d.latest_write) : '',
            d.endpoints.join(', '),
          ]),
        ),
      );
    } catch (error) {
      if (current()) datasets.replaceChildren(ctx.failure(error));
    }
  }

  async function showCompany() {
    const current = startCompany();
    const chosen = state.company;
    if (!chosen) return void company.replaceChildren(el('p', {}, 'Choose a company (Company view) to see what is held about it.'));
    shownFor = chosen.id;
    const ticker = companyRef();
    const rows = await Promise.all(
      COMPANY_DATASETS.map(async ([name, read]) => {
        try {
          return [name, ...(await read(ticker))];
        } catch (error) {
          return [name, missing(error instanceof Error ? error.message : String(error)), '', ''];
        }
      }),
    );
    if (!current()) return;
    company.replaceChildren(table(`What is held about ${chosen.name}`, ['Dataset', 'Rows', 'Periods', 'known_at'], rows));
  }

  const show = () => {
    void showDatasets();
    if (!state.company || shownFor !== state.company.id) void showCompany();
  };
  const section = viewSection(
    'coverage',
    'Coverage',
    el(
      'p',
      {},
      'What the service holds: each dataset’s rows and the latest time its data was known, then what it holds about the chosen company. An empty result proves nothing about the world: it may be a gap in the data.',
    ),
    datasets,
    el('h3', {}, 'The chosen company'),
    company,
  );
  return { id: 'coverage', label: 'Coverage', section, show, reset: () => (shownFor = undefined) };
}
