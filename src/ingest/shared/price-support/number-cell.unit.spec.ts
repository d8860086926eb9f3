import { describe, expect, it } from 'vitest';
import { readAmount, readCount, readOptionalPrice, readPrice, readSigned } from './number-cell.ts';

describe('number cells', () => {
  it('reads prices as written, and refuses missing, zero and negative prices', () => {
    expect(readPrice('  18901.00', 'OPEN')).toEqual({ ok: true, value: '18901.00' });
    expect(readPrice('-', 'OPEN')).toEqual({ ok: false, message: 'OPEN is empty: expected a price' });
    expect(readPrice('0.00', 'OPEN')).toEqual({ ok: false, message: 'OPEN "0.00" is not a traded price: expected a positive price' });
    expect(readOptionalPrice('0.0', 'open')).toEqual({ ok: true, value: null });
  });

  it('reads counts, dropping only a zero fraction', () => {
    expect(readCount('4111511.0', 'volume')).toEqual({ ok: true, value: '4111511' });
    expect(readCount('41,11,511', 'volume')).toEqual({ ok: true, value: '4111511' });
    expect(readCount('', 'Trades')).toEqual({ ok: true, value: null });
    expect(readCount('12.5', 'Trades')).toEqual({ ok: false, message: 'Trades "12.5" is not a count: expected a whole number' });
  });

  it('converts amounts to rupees exactly', () => {
    expect(readAmount('66148.77', 'TURNOVER_LACS', { power: 5 })).toEqual({ ok: true, value: '6614877000' });
    expect(readAmount('463325404089999.94', 'Turnover', { power: -5, decimals: 2 })).toEqual({ ok: true, value: '4633254040.9' });
    expect(readAmount('1.5700395821970002e+16', 'Turnover', { power: -5, decimals: 2 })).toEqual({ ok: true, value: '157003958219.7' });
    // Exponent notation only where a float formatter wrote the column.
    expect(readAmount('1.5e+16', 'TOTTRDVAL').ok).toBe(false);
  });

  it('reads signed changes', () => {
    expect(readSigned('-6.00', 'change')).toEqual({ ok: true, value: '-6.00' });
    expect(readSigned('-', 'change')).toEqual({ ok: true, value: null });
  });
});
