import type { EvidencePacket } from '../../../../schemas/query/evidence.ts';
import type { RestatedVersion } from '../../../../schemas/query/restatement.ts';
import type { Fact } from '../../../../schemas/read-models/fact.ts';
import type { CompanyLike } from '../../phrases/company-phrase.ts';

/**
 * What the packet's extensions hold for the number check: the companies of a comparison
 * (`companies`, `plan.references`) and the earlier versions of restated facts
 * (`restatements`). Their values, dates and names are the packet's like any fact's.
 */
const companyStrings = (c: CompanyLike | null | undefined): (string | null | undefined)[] =>
  c ? [c.id, c.name, c.nse_symbol, c.bse_code, c.isin, c.cin] : [];

/** Every version of every restated fact. */
export const restatedVersions = (packet: EvidencePacket): RestatedVersion[] => (packet.restatements ?? []).flatMap((r) => r.versions);

export const extensionPeriods = (packet: EvidencePacket): Fact['period'][] => (packet.restatements ?? []).map((r) => r.period);

export const extensionTimestamps = (packet: EvidencePacket): (string | null)[] =>
  restatedVersions(packet).flatMap((v) => [v.known_at, v.recorded_at, v.superseded_at]);

export function extensionIdentifiers(packet: EvidencePacket): (string | null | undefined)[] {
  return [
    ...(packet.plan.references ?? []),
    ...(packet.companies ?? []).flatMap((c) => [
      c.reference,
      ...companyStrings(c.company),
      ...c.candidates.flatMap((k) => companyStrings(k.company)),
    ]),
    ...(packet.restatements ?? []).flatMap((r) => [...companyStrings(r.company), r.concept]),
    ...restatedVersions(packet).flatMap((v) => [v.filing_id, v.source_url, v.element, v.document_type]),
  ];
}
