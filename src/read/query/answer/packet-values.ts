import type { EvidencePacket } from '#schemas/query';
import type { Metric, Quote } from '#schemas/read-models';
import type { Decimal } from '#platform/decimals';
import {
  conditionValue,
  decimalOf,
  unitKind,
  type ValueKind,
  screenMetricUnit,
  factSource,
  metricSources,
  unsourced,
  type ValueSource,
} from '#read/phrases';
import { OWNERSHIP_FIELDS } from '#schemas/common';
import { restatedVersions } from './packet-extensions.ts';
import { actionSource } from './corporate-action-section.ts';
import { closeSource, inputSource, marketCapSource } from './market-cap-section.ts';
import { changeSources } from './ownership-section.ts';

/** A number the packet holds as a value, with its kind and source. */
export interface PacketValue {
  readonly value: Decimal;
  readonly kind: ValueKind;
  readonly source: ValueSource;
}

const valueOf = (value: string | number, kind: ValueKind, source: ValueSource): PacketValue => ({
  value: decimalOf(value),
  kind,
  source,
});

function metricValues(metric: Metric): PacketValue[] {
  const own = metric.value === null ? [] : metricSources(metric).map((s) => valueOf(metric.value ?? '0', unitKind(metric.unit), s));
  // A metric's inputs are reported facts, cited as such.
  const inputs = metric.inputs.map((i) => valueOf(i.value, unitKind(i.unit), factSource(i)));
  return [...own, ...inputs];
}

/** The quote's prices in rupees, its change in percent and its volume as a count. */
export function quoteValues(quote: Quote): PacketValue[] {
  const source: ValueSource = { kind: 'quote', filing_id: null, source_url: quote.source_url, known_at: quote.known_at };
  const rupees = [
    quote.last_price,
    quote.open,
    quote.high,
    quote.low,
    quote.previous_close,
    quote.change,
    quote.value,
    quote.high_52,
    quote.low_52,
  ];
  return [
    ...rupees.flatMap((v) => (v === null ? [] : [valueOf(v, 'inr', source)])),
    ...(quote.change_percent === null ? [] : [valueOf(quote.change_percent, 'percent', source)]),
    ...(quote.volume === null ? [] : [valueOf(quote.volume, 'count', source)]),
  ];
}

function screenValues(packet: EvidencePacket): PacketValue[] {
  const screen = packet.screen;
  if (!screen) return [];
  const rows = screen.rows.flatMap((row) =>
    Object.entries(row.values).flatMap(([id, v]) =>
      v === null ? [] : [valueOf(v, unitKind(screenMetricUnit(id, screen)), unsourced('screen'))],
    ),
  );
  return [...rows, valueOf(screen.total, 'count', unsourced('screen'))];
}

/** Ownership percentages of the packet's shareholding patterns, each sourced to its filing. */
function ownershipValues(packet: EvidencePacket): PacketValue[] {
  return (packet.ownership ?? []).flatMap((s) =>
    OWNERSHIP_FIELDS.flatMap((field) => {
      const value = s[field];
      return value === null ? [] : [valueOf(value, 'percent', factSource(s))];
    }),
  );
}

/** Changes of ownership fields between two patterns, in percentage points, sourced to both patterns. */
function ownershipChangeValues(packet: EvidencePacket): PacketValue[] {
  return (packet.ownership_changes ?? []).flatMap((c) =>
    c.change === null ? [] : changeSources(c, packet).map((source) => valueOf(c.change ?? '0', 'percent', source)),
  );
}

/** Corporate actions' cash per share, ratios and face values, each sourced to its action. */
function corporateActionValues(packet: EvidencePacket): PacketValue[] {
  return (packet.corporate_actions ?? []).flatMap((a) => [
    ...[a.amount_per_share, a.face_value_from, a.face_value_to].flatMap((v) => (v === null ? [] : [valueOf(v, 'inr', actionSource(a))])),
    ...[a.ratio_new, a.ratio_existing].flatMap((v) => (v === null ? [] : [valueOf(v, 'count', actionSource(a))])),
  ]);
}

/** Market capitalisations and the closes, share capital and face values they were computed from. */
function marketCapValues(packet: EvidencePacket): PacketValue[] {
  return (packet.market_cap ?? []).flatMap((c) => [
    ...(c.value === null ? [] : [valueOf(c.value, 'inr', marketCapSource(c))]),
    ...(c.close === null ? [] : [valueOf(c.close, 'inr', closeSource(c))]),
    ...(c.share_capital === null ? [] : [valueOf(c.share_capital, 'inr', inputSource(c, 'EquityShareCapital'))]),
    ...(c.face_value === null ? [] : [valueOf(c.face_value, 'inr', inputSource(c, 'FaceValuePerShare'))]),
  ]);
}

/** The number of companies of a cross-section: a count the service made, like a screen's. */
const crossSectionValues = (packet: EvidencePacket): PacketValue[] =>
  packet.cross_section ? [valueOf(packet.cross_section.companies, 'count', unsourced('screen'))] : [];

function planValues(packet: EvidencePacket): PacketValue[] {
  const { condition, conditions, filters } = packet.plan;
  const bounds = condition ? [condition, ...(conditions ?? [])] : [];
  const threshold = bounds.map((c) => ({ ...conditionValue(c), source: unsourced('question') }));
  const predicates = filters.map((f) => valueOf(f.value, unitKind(screenMetricUnit(f.metric, packet.screen)), unsourced('question')));
  return [...threshold, ...predicates];
}

/**
 * Every value of the packet: facts, metrics and their inputs, screen values and the number of
 * companies passing (or of a cross-section), the quote's numbers, and the plan's condition and filter thresholds.
 * Passage text is not among them: its numbers may appear only inside a quotation of it.
 */
export function collectPacketValues(packet: EvidencePacket): PacketValue[] {
  return [
    ...packet.facts.map((f) => valueOf(f.value, unitKind(f.unit), factSource(f))),
    ...packet.metrics.flatMap(metricValues),
    ...screenValues(packet),
    ...crossSectionValues(packet),
    ...(packet.quote ? quoteValues(packet.quote) : []),
    ...(packet.quotes ?? []).flatMap(quoteValues),
    ...marketCapValues(packet),
    ...corporateActionValues(packet),
    ...planValues(packet),
    ...restatedVersions(packet).map((v) => valueOf(v.value, unitKind(v.unit), factSource(v))),
    ...ownershipValues(packet),
    ...ownershipChangeValues(packet),
  ];
}
