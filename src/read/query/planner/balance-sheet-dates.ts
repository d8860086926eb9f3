import { fiscalQuarterOfMonth } from '#platform/time';
import { readDateAt } from '#domain/indian-text';
import type { PeriodMention, PeriodRecognizer } from './period-mention.ts';

// "at 31 March 2024", "on March 31, 2024", "at the end of 31-Mar-2024": a balance at a date.
const LEAD = /\b(?:at|on)\s+(?:the\s+)?(?:end\s+of\s+|close\s+of\s+)?/gi;
const QUARTER_END_DAY: Readonly<Record<number, number>> = { 3: 31, 6: 30, 9: 30, 12: 31 };

/**
 * Balance-sheet dates: "cash at 31 March 2024" is the balance at that date, in the fiscal
 * year and quarter the date ends (31 March 2024: Q4 FY2024). Only quarter ends are read:
 * balances are reported at them; any other date is left to the other readers.
 */
export const readBalanceSheetDates: PeriodRecognizer = (text) => {
  const mentions: PeriodMention[] = [];
  for (const lead of text.matchAll(LEAD)) {
    const at = (lead.index ?? 0) + lead[0].length;
    const date = readDateAt(text, at);
    if (!date || QUARTER_END_DAY[date.day.month] !== date.day.day) continue;
    const { fiscalYear, quarter } = fiscalQuarterOfMonth(date.day.year, date.day.month);
    mentions.push({
      span: { start: lead.index ?? 0, end: date.end },
      fiscalYear,
      quarter,
      period: 'instant',
      note: `balance-sheet date read as at the end of Q${quarter} FY${fiscalYear}`,
    });
  }
  return mentions;
};
