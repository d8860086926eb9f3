// Coverage: each dataset's rows and latest known_at (GET /v1/, public), and for the chosen
// company which datasets hold what, over which periods.
import { apiGet } from '../api.js';
import { el, missing, table, viewSection } from '../dom.js';
import { instant, periodLabel } from '../format.js';
import { companyRef, state } from '../state.js';

const range = (values) => (values.length === 0 ? 'none' : values.length === 1 ? values[0] : `${values[0]} to ${values[values.length - 1]}`);

/** The first and last times the rows became known. */
const knownAtRange = (rows) =>
  range(
    rows
      .map((row) => row.known_at)
      .filter(Boolean)
      .sort()
      .map(instant),
  );

/** One line per dataset for the company: rows held and the periods they cover; a failure is that line's reason. */
const COMPANY_DATASETS = [
  [
    'financials',
    async (ticker) => {
      const { data } = await apiGet('/v1/financials', { ticker, limit: 2000 });
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
      const { data, meta } = await apiGet('/v1/filings', { ticker, limit: 200 });
      const years = [...new Set(data.map((f) => f.fiscal_year).filter((y) => y !== null))].sort();
      return [String(meta.total), years.length ? `fiscal years ${years.join(', ')}` : 'none', knownAtRange(data)];
    },
  ],
  [
    'shareholding',
    async (ticker) => {
      const { data } = await apiGet('/v1/shareholding', { ticker, limit: 100 });
      return [String(data.length), range(data.map((q) => q.period_end).sort()), knownAtRange(data)];
    },
  ],
  [
    'prices',
    async (ticker) => {
      const [newest, oldest] = await Promise.all([
        apiGet('/v1/prices', { ticker, limit: 1 }),
        apiGet('/v1/prices', { ticker, start: '1900-01-01T00:00:00Z', limit: 1 }),
      ]);
      const days = [oldest.data[0], newest.data[0]].filter(Boolean).map((c) => c.start.slice(0, 10));
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
      const { data, meta } = await apiGet('/v1/corporate-actions', { ticker, limit: 200 });
      return [
        String(meta.total),
        range(
          data
            .map((a) => a.ex_date)
            .filter(Boolean)
            .sort(),
        ),
        knownAtRange(data),
      ];
    },
  ],
  [
    'events',
    async (ticker) => {
      const { data, meta } = await apiGet('/v1/events', { ticker, limit: 200 });
      const times = data
        .map((e) => e.published_at ?? e.known_at)
        .filter(Boolean)
        .sort();
      return [String(meta.total), range(times.map((t) => t.slice(0, 10))), knownAtRange(data)];
    },
  ],
];

export function coverageView(ctx) {
  const datasets = el('div', {});
  const company = el('div', {});
  let shownFor;

  async function showDatasets() {
    try {
      const { data } = await apiGet('/v1/');
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
      datasets.replaceChildren(ctx.failure(error));
    }
  }

  async function showCompany() {
    if (!state.company) return void company.replaceChildren(el('p', {}, 'Choose a company (Company view) to see what is held about it.'));
    shownFor = state.company.id;
    const ticker = companyRef();
    const rows = await Promise.all(
      COMPANY_DATASETS.map(async ([name, read]) => {
        try {
          return [name, ...(await read(ticker))];
        } catch (error) {
          return [name, missing(error.message), '', ''];
        }
      }),
    );
    company.replaceChildren(table(`What is held about ${state.company.name}`, ['Dataset', 'Rows', 'Periods', 'known_at'], rows));
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
