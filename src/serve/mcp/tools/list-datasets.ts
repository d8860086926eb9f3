import { ListDatasetsInputSchema, ListDatasetsOutputSchema } from '#schemas/mcp';
import { defineTool } from '../define-tool.ts';
import { renderList } from '../render-text.ts';

const NOTE =
  'Coverage is what has been ingested: an unavailable dataset, few rows or an old latest_known_at mean an empty answer elsewhere says nothing about the world. Disclose unavailable or thin coverage with any conclusion.';

export const listDatasetsTool = defineTool({
  name: 'list_datasets',
  title: 'Datasets, their availability and freshness',
  description: [
    'Every dataset behind the tools (companies, instruments, financials, filings, shareholding, events, prices, corporate actions) with whether it is available, its row count, the latest known_at among its rows and when it was last written. The list is read live.',
    'Call it before treating an empty result from any tool as true absence, and disclose unavailable or thin coverage in the answer.',
  ],
  input: ListDatasetsInputSchema,
  output: ListDatasetsOutputSchema,
  async run(_input, { deps }) {
    return { datasets: await deps.datasetIndex.describe(), note: NOTE };
  },
  render({ datasets, note }) {
    const line = (d: (typeof datasets)[number]) =>
      d.available
        ? `${d.name}: available, ${d.rows ?? 0} rows, latest known_at ${d.latest_known_at ?? 'none'}`
        : `${d.name}: unavailable (${d.reason ?? 'unknown'})`;
    return `${renderList('Datasets:', datasets, line)}\n${note}`;
  },
});
