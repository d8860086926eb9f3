import { identityOfCompany } from '#projections/companies';
import { listFactVersions } from '#projections/facts';
import { instantOf } from '#schemas/common';
import { GetFactProvenanceInputSchema, GetFactProvenanceOutputSchema, type ProvenanceChain, type ProvenanceVersion } from '#schemas/mcp';
import { InvalidRequestError, NotFoundError } from '#platform/errors';
import { chainVersion, type ChainedVersion, factVersionChains } from '#read/provenance';
import { companyPhrase, renderFactValue, periodPhrase } from '#read/phrases';
import { defineCompanyTool } from '../define-tool.ts';
import { requireMeasureId } from '../measure-ids.ts';

const toVersion = (v: ChainedVersion): ProvenanceVersion => chainVersion(v);

/** "2. ₹5,927.38 crore [restated], filing … (revision), known at …; changed: value 52072900000 → 59273800000 (+7200900000); recorded … (parser 1)". */
function versionLine(version: ProvenanceVersion, index: number): string {
  const { number, words } = renderFactValue(version);
  const filing = `filing ${version.filing_id}${version.is_revision ? ' (revision)' : ''}, known at ${version.known_at}`;
  const changed = version.changes.map(
    (c) =>
      `${c.field} ${c.from ?? 'none'} → ${c.to ?? 'none'}${c.difference === null ? '' : ` (${c.difference.startsWith('-') ? '' : '+'}${c.difference})`}`,
  );
  const recorded = `; recorded ${version.recorded_at} (parser ${version.parser_version})`;
  return `  ${index + 1}. ${number}${words} [${version.change}], ${filing}${changed.length > 0 ? `; changed: ${changed.join('; ')}` : ''}${recorded}`;
}

function chainLines(chain: ProvenanceChain): string[] {
  const period = periodPhrase(chain.period);
  const head = `${chain.period.type} ${period.phrase}${period.label ? ` (${period.label})` : ''}: ${chain.versions.length} version(s); in force: ${chain.current.value} from filing ${chain.current.filing_id}`;
  return [head, ...chain.versions.map(versionLine)];
}

export const getFactProvenanceTool = defineCompanyTool({
  name: 'get_fact_provenance',
  title: 'Source and restatement trail of one reported fact',
  dataset: 'financials',
  description: [
    'The version chain of one reported fact of one company: every filing that stated it, oldest first, with value, unit, scale, XBRL decimals and element, filing_id, whether the filing is a revision, source_url, known_at (dissemination), recorded_at, when it was superseded, and exactly what changed from the version before (the value with its difference, unit, scale, decimals, element, source).',
    'Use it for the source or restatement trail of a figure. For exact facts or ratios use get_financials; for one measure over time get_financial_history; for the results of a period get_earnings.',
    'Give the concept, basis and period end (e.g. 2024-12-31 for Q3 FY2025); without period_type every period type ending then (quarter, year to date, balance sheet) is its own chain. as_of hides what was not yet knowable.',
    "recorded_as_of (for audits) answers from this service's own record at that instant: each filing as it was parsed then, before any later re-parse by a newer parser; each version states its parser_version and recorded_at.",
    'Derived ratios have no filing of their own: trace their input concepts. For an unknown company name call search first. When no version exists the error says which key was asked; get_financials shows what exists.',
  ],
  input: GetFactProvenanceInputSchema,
  output: GetFactProvenanceOutputSchema,
  async run(input, company, { deps, asOf }) {
    const measure = requireMeasureId(input.concept);
    if (measure.kind === 'derived') {
      throw new InvalidRequestError(
        `'${input.concept}' is derived, not reported, so it has no filing of its own. Call get_financials with concepts ["${input.concept}"] to see the facts it is computed from, then get_fact_provenance for each of their concepts.`,
      );
    }
    const recordedAsOf = instantOf(input.recorded_as_of);
    const versions = await listFactVersions(deps.db, {
      companyId: company.id,
      concept: measure.concept,
      basis: input.basis,
      periodEnd: input.period_end,
      periodType: input.period_type,
      asOf,
      recordedAsOf,
    });
    const chains = factVersionChains(versions).map((chain) => ({
      period: chain.period,
      versions: chain.versions.map(toVersion),
      current: toVersion(chain.current),
    }));
    if (chains.length === 0) {
      const key = `${input.basis} ${measure.concept}${input.period_type ? ` (${input.period_type})` : ''} for the period ended ${input.period_end}`;
      throw new NotFoundError(
        `no version of ${key} of ${companyPhrase(company)} was found${asOf ? ` as known at ${asOf}` : ''}${recordedAsOf ? ` in this service's record at ${recordedAsOf}` : ''}. Call get_financials for this company (with fiscal_year, period or basis) to see which concepts, bases and period ends exist.`,
      );
    }
    return {
      company: identityOfCompany(company),
      concept: measure.concept,
      basis: input.basis,
      period_end: input.period_end,
      as_of: asOf ?? null,
      recorded_as_of: recordedAsOf ?? null,
      chains,
    };
  },
  render(output) {
    const known = `${output.as_of === null ? '' : ` as known at ${output.as_of}`}${output.recorded_as_of === null ? '' : `, as this service had recorded it at ${output.recorded_as_of}`}`;
    const heading = `${companyPhrase(output.company)}: ${output.basis} ${output.concept}, period ended ${output.period_end}${known}.`;
    return [heading, ...output.chains.flatMap(chainLines)].join('\n');
  },
});
