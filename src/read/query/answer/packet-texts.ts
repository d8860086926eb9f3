import type { EvidencePacket, Passage } from '#schemas/query';
import { type CompanyLike, hasLetter, plainText, quotableText } from '#read/phrases';
import { extensionIdentifiers } from './packet-extensions.ts';

/** A passage's title or snippet in the form a quotation of it takes. */
export interface QuotableSource {
  readonly text: string;
  readonly passage: Passage;
}

/** The packet's own words that prose may repeat: names and ids, service messages, passages. */
export interface PacketTexts {
  /** Names and identifiers, longest first; one without a letter counts only after a CODE_LABELS word. */
  readonly identifiers: readonly string[];
  /** Gap messages and metric reason messages that have a letter. */
  readonly statements: readonly string[];
  readonly quotables: readonly QuotableSource[];
}

type PartialCompany = CompanyLike | null | undefined;

const companyStrings = (c: PartialCompany): (string | null | undefined)[] =>
  c ? [c.id, c.name, c.nse_symbol, c.bse_code, c.isin, c.cin] : [];

function identifierStrings(packet: EvidencePacket): (string | null | undefined)[] {
  const { plan, screen, quote } = packet;
  return [
    ...companyStrings(packet.company),
    ...packet.candidates.flatMap((c) => companyStrings(c.company)),
    ...packet.facts.flatMap((f) => [...companyStrings(f.company), f.filing_id, f.source_url, f.element, f.document_type, f.concept]),
    ...packet.metrics.flatMap((m) => [...companyStrings(m.company), m.metric, ...m.inputs.flatMap((i) => [i.filing_id, i.source_url])]),
    ...(screen?.metrics ?? []).flatMap((m) => [m.id, m.label, m.source]),
    ...(screen?.rows ?? []).flatMap((r) => [
      ...companyStrings(r.company),
      ...Object.keys(r.values),
      ...r.periods.flatMap((p) => [p.source, p.period_type]),
    ]),
    ...(quote ? [quote.exchange, quote.ticker, quote.series, quote.isin, quote.source_url, quote.source_document] : []),
    ...packet.passages.flatMap((p) => [...companyStrings(p.company), p.id, p.document_type, p.event_type, p.source_url]),
    ...(packet.ownership ?? []).flatMap((s) => [...companyStrings(s.company), s.filing_id, s.source_url]),
    plan.reference,
    plan.sort?.replace(/^-/, ''),
    plan.condition?.unit,
    ...(plan.conditions ?? []).map((c) => c.unit),
    ...plan.concepts,
    ...plan.filters.map((f) => f.metric),
    ...extensionIdentifiers(packet),
  ];
}

/** Each string as given and in its plain form, when `keep` holds; longest first. */
function usable(strings: (string | null | undefined)[], keep: (s: string) => boolean): string[] {
  const forms = strings.flatMap((s) => (s ? [s, plainText(s)] : [])).filter((s) => s.length > 0 && keep(s));
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

/**
 * The packet strings prose may repeat verbatim. Identifiers: company ids, names, symbols,
 * codes, ISINs and CINs; filing, passage and metric ids; source URLs and elements; document
 * and event types; quote ticker, series and source document; screen metric ids, labels and
 * period sources; and the plan's reference, concepts, sort, filter metrics and condition unit.
 * Statements: gap messages and metric reason messages. Quotables: passage titles and snippets.
 */
export function collectPacketTexts(packet: EvidencePacket): PacketTexts {
  return {
    identifiers: usable(identifierStrings(packet), (s) => hasLetter(s) || s.length >= 6),
    statements: usable([...packet.gaps.map((g) => g.message), ...packet.metrics.map((m) => m.reason?.message)], hasLetter),
    quotables: packet.passages.flatMap((passage) => [
      { text: quotableText(passage.title), passage },
      { text: quotableText(passage.snippet), passage },
    ]),
  };
}
