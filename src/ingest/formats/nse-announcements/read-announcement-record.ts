import { IsinSchema, NseSymbolSchema } from '#schemas/common';
import { parseExchangeDateTime } from '#domain/indian-text';
import { attachmentUrlOf } from '#ingest/shared/disclosure-types';
import { rowProblem, type RowResult } from '#ingest/shared/parse-support';
import type { Problem } from '#ingest/shared/parser';
import { type NseAnnouncementRecord, NseAnnouncementRecordSchema } from './announcement-record.ts';

/** One announcement as read from its record. */
export interface NseAnnouncementRow {
  readonly where: string;
  readonly key: string;
  readonly symbol: string | null;
  readonly isin: string | null;
  readonly name: string | null;
  readonly desc: string;
  readonly text: string | null;
  readonly publishedAt: string;
  readonly attachmentUrl: string | null;
  /** What was dropped from an otherwise usable record. */
  readonly notes: readonly Problem[];
}

const valid = (schema: typeof IsinSchema | typeof NseSymbolSchema, value: string) => schema.safeParse(value).success;

/**
 * The dissemination time (`exchdisstime`), else the time NSE received the filing (`an_dt`,
 * and `sort_date`, the same instant written ISO-like). Debt records write the month in
 * capitals ("07-AUG-2026 23:30:09"); both read the same.
 */
function timeOf(record: Pick<NseAnnouncementRecord, 'exchdisstime' | 'an_dt' | 'sort_date'>): string | null {
  return parseExchangeDateTime(record.exchdisstime) ?? parseExchangeDateTime(record.an_dt) ?? parseExchangeDateTime(record.sort_date);
}

/** Reads the `n`th record (1-based). The ISIN decides the company; debt records have none. */
export function readAnnouncementRecord(value: unknown, n: number): RowResult<NseAnnouncementRow> {
  const parsed = NseAnnouncementRecordSchema.safeParse(value);
  if (!parsed.success)
    return rowProblem(
      `record ${n}`,
      'not an announcement: expected an object with seq_id, symbol, desc, an_dt, exchdisstime, attchmntFile, …',
    );
  const r = parsed.data;
  const seq = r.seq_id === null || r.seq_id === undefined ? '' : String(r.seq_id).trim();
  const rawSymbol = r.symbol?.trim() ?? '';
  const where = `record ${n}${seq ? ` (seq_id ${seq})` : rawSymbol ? ` (${rawSymbol})` : ''}`;
  const notes: Problem[] = [];
  const note = (message: string) => notes.push({ where, message });
  const symbol = rawSymbol && valid(NseSymbolSchema, rawSymbol) ? rawSymbol : null;
  if (rawSymbol && !symbol) note(`symbol "${rawSymbol}" is not an NSE symbol: kept without it`);
  const rawIsin = r.sm_isin?.trim().toUpperCase() ?? '';
  const isin = rawIsin && valid(IsinSchema, rawIsin) ? rawIsin : null;
  if (rawIsin && !isin) note(`sm_isin "${rawIsin}" is not an ISIN: kept without it`);
  const name = r.sm_name?.trim() || null;
  if (!symbol && !isin && !name) return rowProblem(where, 'no company: symbol, sm_isin and sm_name are all empty');
  const desc = r.desc?.trim() ?? '';
  if (!desc) return rowProblem(where, 'desc is empty: expected the announcement\'s subject, e.g. "Credit Rating"');
  const publishedAt = timeOf(r);
  if (!publishedAt) {
    return rowProblem(
      where,
      `no readable time: exchdisstime "${r.exchdisstime ?? ''}", an_dt "${r.an_dt ?? ''}"; expected e.g. 07-Aug-2026 23:57:46 (IST)`,
    );
  }
  const attachmentUrl = attachmentUrlOf(r.attchmntFile);
  if (attachmentUrl === undefined) note(`attchmntFile "${(r.attchmntFile ?? '').slice(0, 100)}" is not a link: kept without it`);
  const who = symbol ?? isin ?? name ?? '';
  const key = `NSE:${who}:${seq || `${publishedAt}:${attachmentUrl ?? desc}`}`;
  return {
    ok: true,
    row: { where, key, symbol, isin, name, desc, text: r.attchmntText ?? null, publishedAt, attachmentUrl: attachmentUrl ?? null, notes },
  };
}
