import { listEventTypes } from '#projections/disclosures';
import { ListEventTypesInputSchema, ListEventTypesOutputSchema } from '#schemas/mcp';
import { companyPhrase } from '#read/phrases';
import { defineOptionalCompanyTool } from '../define-tool.ts';
import { renderList } from '../render-text.ts';

const NOTE =
  'The types present in the stored disclosures, read live; the list changes as disclosures are ingested. A type missing here has no stored disclosure, which is not proof that no such event occurred: check list_datasets for coverage.';

export const listEventTypesTool = defineOptionalCompanyTool({
  name: 'list_event_types',
  title: 'Event types present in the disclosures',
  dataset: 'events',
  description: [
    'The normalised event types (event_type, e.g. financial_results, board_meeting, dividend, insider_trading) present in the stored company disclosures, with how many of each, for one company or all. The list is dynamic and read live.',
    'Call it before a strict event type filter on get_events, and pass a type exactly as listed: get_events rejects a type that is not present.',
    'Takes an exact company identifier; for a company name, call search first.',
  ],
  input: ListEventTypesInputSchema,
  output: ListEventTypesOutputSchema,
  async run(input, company, { deps }) {
    const eventTypes = await listEventTypes(deps.db, { companyId: company?.id });
    return { company, event_types: eventTypes, note: NOTE };
  },
  render({ company, event_types, note }) {
    const heading = `Event types present${company ? ` for ${companyPhrase(company)}` : ''}, most frequent first:`;
    return `${renderList(heading, event_types, (t) => `${t.event_type}: ${t.count}`)}\n${note}`;
  },
});
