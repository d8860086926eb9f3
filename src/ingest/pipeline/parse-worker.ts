/**
 * The module a parse thread runs (parse-pool.ts): every parser of the service, and the
 * companies' lookup of the holdings generation last seen. Nothing here touches a database.
 */
import { parserRegistry } from '#ingest/formats/all-parsers';
import { type CompanyLookup, createCompanyLookup, type KnownHolding } from '#ingest/shared/parser';
import type { ParseTask } from './parse-task.ts';
import { type PreparedOutcome, prepareDocument } from './prepare-document.ts';

let companies: { generation: number; lookup: CompanyLookup } | undefined;

function lookupOf(holdings: ParseTask['holdings']): CompanyLookup {
  if (companies?.generation !== holdings.generation) {
    // TextDecoder refuses views of shared memory: the text is copied out once a generation.
    const json = new TextDecoder().decode(new Uint8Array(holdings.buffer).slice());
    companies = { generation: holdings.generation, lookup: createCompanyLookup(JSON.parse(json) as KnownHolding[]) };
  }
  return companies.lookup;
}

export default function parseInThread(task: ParseTask): Promise<PreparedOutcome> {
  return prepareDocument(parserRegistry, task.document, task.detected, lookupOf(task.holdings), task.spill);
}
