import type { FactChainVersion } from '#schemas/read-models';
import type { ChainedVersion } from './fact-version-chains.ts';

/** A version without the key (company, concept, basis, period) its chain already states. */
export const chainVersion = (v: ChainedVersion): FactChainVersion => ({
  value: v.value,
  unit: v.unit,
  decimals: v.decimals,
  scale: v.scale,
  element: v.element,
  filing_id: v.filing_id,
  document_type: v.document_type,
  is_revision: v.is_revision,
  source_url: v.source_url,
  known_at: v.known_at,
  recorded_at: v.recorded_at,
  revision_number: v.revision_number,
  parser_version: v.parser_version,
  superseded_at: v.superseded_at,
  previous_value: v.previous_value,
  change: v.change,
  changes: v.changes,
});
