import type { EvidencePacket } from '#schemas/query';
import type { DateClaim } from '#domain/indian-text';
import { utcDateOf, parseInstant, writtenDateOf } from '#platform/time';
import { extensionPeriods, extensionTimestamps } from './packet-extensions.ts';

/** Every date, instant and fiscal period the packet states. */
export interface PacketDates {
  readonly days: ReadonlySet<string>;
  readonly months: ReadonlySet<string>;
  readonly instants: readonly number[];
  readonly fiscalYears: ReadonlySet<number>;
  /** `${year}-Q${quarter}` */
  readonly quarters: ReadonlySet<string>;
}

interface PeriodLike {
  readonly start?: string | null;
  readonly end?: string | null;
  readonly fiscal_year?: number | null;
  readonly fiscal_quarter?: number | null;
}

function periodsOf(packet: EvidencePacket): PeriodLike[] {
  const { plan } = packet;
  return [
    ...packet.facts.map((f) => f.period),
    ...packet.metrics.flatMap((m) => [m.period, ...m.inputs.map((i) => i.period)]),
    ...(packet.screen?.rows ?? []).flatMap((r) =>
      r.periods.map((p) => ({ start: p.period_start, end: p.period_end, fiscal_year: p.fiscal_year })),
    ),
    { fiscal_year: plan.fiscal_year, fiscal_quarter: plan.fiscal_year === null ? null : plan.fiscal_quarter },
    ...extensionPeriods(packet),
    ...(packet.ownership ?? []).map((s) => ({ end: s.period_end })),
  ];
}

function timestampsOf(packet: EvidencePacket): (string | null)[] {
  const q = packet.quote;
  return [
    packet.plan.as_of,
    ...packet.facts.flatMap((f) => [f.known_at, f.recorded_at]),
    ...packet.metrics.flatMap((m) => [m.known_at, ...m.inputs.map((i) => i.known_at)]),
    ...packet.passages.flatMap((p) => [p.published_at, p.known_at]),
    ...(packet.ownership ?? []).flatMap((s) => [s.known_at, s.recorded_at]),
    ...(q ? [q.as_of, q.known_at, q.recorded_at, q.previous_close_at] : []),
    ...extensionTimestamps(packet),
  ];
}

/**
 * The packet's dates: period starts and ends; every timestamp (known_at, recorded_at,
 * published_at, as_of, quote times) as an instant, and its calendar date both as written and
 * in UTC; fiscal years; and fiscal quarters with their year.
 */
export function collectPacketDates(packet: EvidencePacket): PacketDates {
  const days = new Set<string>();
  const instants: number[] = [];
  const fiscalYears = new Set<number>();
  const quarters = new Set<string>();
  for (const period of periodsOf(packet)) {
    for (const day of [period.start, period.end]) if (day) days.add(day);
    if (period.fiscal_year === null || period.fiscal_year === undefined) continue;
    fiscalYears.add(period.fiscal_year);
    if (period.fiscal_quarter) quarters.add(`${period.fiscal_year}-Q${period.fiscal_quarter}`);
  }
  for (const stamp of timestampsOf(packet)) {
    const ms = stamp === null ? undefined : parseInstant(stamp);
    if (stamp === null || ms === undefined) continue;
    instants.push(ms);
    days.add(utcDateOf(ms));
    days.add(writtenDateOf(stamp) ?? utcDateOf(ms));
  }
  const months = new Set([...days].map((day) => day.slice(0, 7)));
  return { days, months, instants, fiscalYears, quarters };
}

/** Whether a date written in prose is one the packet states (an instant at the precision written). */
export function claimHolds(claim: DateClaim, dates: PacketDates): boolean {
  switch (claim.kind) {
    case 'day':
      return dates.days.has(claim.day);
    case 'month':
      return dates.months.has(claim.month);
    case 'instant':
      return dates.instants.some((ms) => Math.floor(ms / claim.precisionMs) === Math.floor(claim.ms / claim.precisionMs));
    case 'fiscal_year':
      return dates.fiscalYears.has(claim.year);
    case 'quarter':
      return dates.quarters.has(`${claim.year}-Q${claim.quarter}`);
    case 'invalid':
      return false;
  }
}
