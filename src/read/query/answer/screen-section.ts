import type { EvidencePacket } from '#schemas/query';
import type { ScreenPeriod, ScreenResult, ScreenResultRow } from '#schemas/read-models';
import {
  companyPhrase,
  screenMetricLabel,
  decimalOf,
  renderPlain,
  cite,
  joinPieces,
  piece,
  type Piece,
  nameOf,
  unsourced,
} from '#read/phrases';
import { formatDay, fiscalYearLabel } from '#domain/indian-text';
import { predicatePhrase, renderScreenValue } from './threshold-phrase.ts';

/** "from facts: consolidated, annual, 1 April 2023 to 31 March 2024, FY2024". */
function periodWords(period: ScreenPeriod): string {
  const dates =
    period.period_start === null ? formatDay(period.period_end) : `${formatDay(period.period_start)} to ${formatDay(period.period_end)}`;
  const year = period.fiscal_year === null ? undefined : fiscalYearLabel(period.fiscal_year);
  const parts = [period.basis ?? undefined, nameOf(period.period_type), dates, year].filter((p) => p !== undefined);
  return `from ${nameOf(period.source) ?? 'a source'}: ${parts.join(', ')}`;
}

function rowLine(row: ScreenResultRow, screen: ScreenResult): Piece {
  const values = Object.entries(row.values).map(([id, value]) => {
    const label = screenMetricLabel(id, screen);
    if (value === null) return piece(`${label} unavailable`);
    const number = renderScreenValue(id, value, screen);
    return piece(`${label} of ${number}`, [cite(number, unsourced('screen'))]);
  });
  const periods = row.periods.length > 0 ? ` (${row.periods.map(periodWords).join('; ')})` : '';
  const listed = joinPieces(values, ', ');
  return piece(`- ${companyPhrase(row.company)}: ${listed.text || 'no values'}${periods}.`, listed.citations);
}

function sortWords(sort: string | null, screen: ScreenResult | null): string {
  if (!sort) return '';
  const id = sort.replace(/^-/, '');
  return `, sorted by ${screenMetricLabel(id, screen)} (${sort.startsWith('-') ? 'highest first' : 'lowest first'})`;
}

/** The screen: how many companies pass which predicates, then each listed company with its values and their periods. */
export function screenSection(packet: EvidencePacket): Piece {
  const { screen, plan } = packet;
  const predicates = joinPieces(
    plan.filters.map((f) => predicatePhrase(f, screen)),
    ', ',
  );
  const criteria = predicates.text ? ` (${predicates.text})` : '';
  if (!screen) return piece(`No screen result is available${criteria}.`, predicates.citations);
  if (screen.total === 0) return piece(`No company passes the screen${criteria}.`, predicates.citations);
  const total = renderPlain(decimalOf(screen.total));
  const more = screen.rows.length < screen.total ? '; the first of them are listed' : '';
  const head = piece(
    `${total} ${screen.total === 1 ? 'company passes' : 'companies pass'} the screen${criteria}${sortWords(plan.sort, screen)}${more}. Each screened value carries its source and period, and its row lists the inputs read with their filings and known_at:`,
    [cite(total, unsourced('screen')), ...predicates.citations],
  );
  return joinPieces([head, ...screen.rows.map((row) => rowLine(row, screen))], '\n');
}
