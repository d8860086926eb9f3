import type { EvidencePacket, RestatedVersion } from '#schemas/query';
import type { Fact } from '#schemas/read-models';
import type { CompanyLike } from '#read/phrases';
import { crossSectionPeriods } from './cross-section-section.ts';

/**
 * What the packet's extensions hold for the number check: the companies of a comparison
 * (`companies`, `plan.references`), the earlier versions of restated facts
 * (`restatements`), corporate actions, market capitalisations and the quotes of a
 * comparison, and a cross-section's period, instant and full-list path. Their values, dates and
 * names are the packet's like any fact's.
 */
const companyStrings = (c: CompanyLike | null | undefined): (string | null | undefined)[] =>
  c ? [c.id, c.name, c.nse_symbol, c.bse_code, c.isin, c.cin] : [];

/** Every version of every restated fact. */
export const restatedVersions = (packet: EvidencePacket): RestatedVersion[] => (packet.restatements ?? []).flatMap((r) => r.versions);

type DayPeriod = {
  readonly start?: string | null;
  readonly end?: string | null;
  readonly fiscal_year?: number | null;
  readonly fiscal_quarter?: number | null;
};

/** Periods of restated facts and of a cross-section; the days of corporate actions (ex-date, record date) and of market-cap inputs, as period ends. */
export const extensionPeriods = (packet: EvidencePacket): (Fact['period'] | DayPeriod)[] => [
  ...(packet.restatements ?? []).map((r) => r.period),
  ...(packet.corporate_actions ?? []).flatMap((a) => [{ end: a.ex_date }, { end: a.record_date }]),
  ...(packet.market_cap ?? []).flatMap((c) => [{ end: c.close_date }, ...c.inputs.map((i) => ({ end: i.period_end }))]),
  ...crossSectionPeriods(packet),
];

export const extensionTimestamps = (packet: EvidencePacket): (string | null)[] => [
  ...restatedVersions(packet).flatMap((v) => [v.known_at, v.recorded_at, v.superseded_at]),
  ...(packet.corporate_actions ?? []).flatMap((a) => [a.known_at, a.recorded_at]),
  ...(packet.market_cap ?? []).flatMap((c) => [c.known_at, ...c.inputs.map((i) => i.known_at)]),
  ...(packet.quotes ?? []).flatMap((q) => [q.as_of, q.known_at, q.recorded_at, q.previous_close_at]),
  packet.cross_section?.as_of ?? null,
];

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
    ...(packet.corporate_actions ?? []).flatMap((a) => [a.id, a.purpose, a.source, a.source_url, a.action_type]),
    ...(packet.market_cap ?? []).flatMap((c) => [...companyStrings(c.company), ...c.inputs.flatMap((i) => [i.measure, i.filing_id])]),
    ...(packet.quotes ?? []).flatMap((q) => [q.exchange, q.ticker, q.series, q.isin, q.source_url, q.source_document]),
    packet.cross_section?.full_list,
    packet.plan.cross_section?.concept,
  ];
}
