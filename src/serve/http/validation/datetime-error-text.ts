/**
 * The reason pydantic (speedate) gives for text that is not a date or datetime, for the
 * common cases; `ctx.error` and the message carry it.
 */
export function datetimeErrorText(text: string): string {
  if (text.length < 10) return 'input is too short';
  if (!/^\d{4}/.test(text)) return 'invalid character in year';
  if (text[4] !== '-') return 'invalid date separator, expected `-`';
  if (!/^\d{4}-\d{2}/.test(text)) return 'invalid character in month';
  const month = Number(text.slice(5, 7));
  if (month < 1 || month > 12) return 'month value is outside expected range of 1-12';
  if (text[7] !== '-') return 'invalid date separator, expected `-`';
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return 'invalid character in day';
  if (text.length > 10 && !/^[T t]$/.test(text[10] ?? '')) return 'invalid datetime separator, expected `T`, `t`, `_` or space';
  return 'day value is outside expected range, or the time is not valid';
}
