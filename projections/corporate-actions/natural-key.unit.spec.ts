import { describe, expect, it } from 'vitest';
import type { CorporateActionAnnounced } from '#schemas/events/corporate-action';
import { CorporateActionAnnouncedSchema } from '#schemas/events/corporate-action';
import { actionKey, normalisedPurpose } from './natural-key.ts';

const action = (overrides: Partial<Record<keyof CorporateActionAnnounced, unknown>> = {}): CorporateActionAnnounced =>
  CorporateActionAnnouncedSchema.parse({
    actionId: '6f1c2a52-5d0e-4b8e-9a51-3c1b7f0e2d44',
    companyId: null,
    company: { name: null, nseSymbol: null, bseCode: '500180', isin: null, cin: null },
    actionType: 'stock_split',
    purpose: 'Stock  Split From Rs.10/- to Rs.2/-',
    exDate: '2011-07-14',
    recordDate: '2011-07-16',
    amountPerShare: null,
    ratio: null,
    faceValueFrom: '10',
    faceValueTo: '2',
    parserVersion: 1,
    ...overrides,
  });

describe('actionKey', () => {
  it('names one action across downloads: the action id, the resolved company and the record date do not count', () => {
    const key = actionKey(action());
    expect(key).toBe('bse:500180|stock_split|2011-07-14|stock split from rs.10/- to rs.2/-');
    expect(actionKey(action({ actionId: '7c14ad64-1806-5596-bf53-da77a4779757' }))).toBe(key);
    expect(actionKey(action({ companyId: '47b3e699-5aeb-5dc2-ba5f-05bad983dfb8' }))).toBe(key);
    expect(actionKey(action({ purpose: ' Stock Split  From Rs.10/- to Rs.2/- ' }))).toBe(key);
  });

  it('tells apart another security, type, ex-date or purpose', () => {
    const key = actionKey(action());
    expect(actionKey(action({ company: { name: null, nseSymbol: null, bseCode: '500181', isin: null, cin: null } }))).not.toBe(key);
    expect(actionKey(action({ actionType: null }))).not.toBe(key);
    expect(actionKey(action({ exDate: '2011-07-15' }))).not.toBe(key);
    expect(actionKey(action({ exDate: null }))).toBe('bse:500180|stock_split|no-ex-date|stock split from rs.10/- to rs.2/-');
  });

  it('uses the most specific stated identifier, and the action itself when none is stated', () => {
    expect(
      actionKey(action({ company: { name: 'Tata Consultancy Services Limited', nseSymbol: 'TCS', bseCode: null, isin: null, cin: null } })),
    ).toMatch(/^nse:TCS\|/);
    expect(actionKey(action({ company: { name: null, nseSymbol: null, bseCode: null, isin: null, cin: null } }))).toMatch(
      /^action:6f1c2a52-/,
    );
  });
});

describe('normalisedPurpose', () => {
  it('collapses white space and case', () => {
    expect(normalisedPurpose('Final Dividend - Rs. - 22.5000 ')).toBe('final dividend - rs. - 22.5000');
  });
});
