import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/support/parse-input.ts';
import { describeWithExchangeData, exchangeFile } from '../../../../test/support/shared-data.ts';
import { resultsListingXbrlLinks } from './results-listing-xbrl-links.ts';

const jsonOf = (bytes: Uint8Array): unknown => JSON.parse(new TextDecoder().decode(bytes));

describe('results listing XBRL links', () => {
  it('names each results XBRL document once, with its first dissemination time as UTC', () => {
    const links = resultsListingXbrlLinks(jsonOf(fixture('nse-results-listing/acc.json')));
    expect(links).toContainEqual({
      url: 'https://nsearchives.nseindia.com/corporate/xbrl/INDAS_117817_1362652_28012025115046.xml',
      knownAt: '2025-01-28T06:20:59.000Z', // exchdisstime 28-Jan-2025 11:50:59 IST
    });
    expect(new Set(links.map((l) => l.url)).size).toBe(links.length);
    expect(links.every((l) => l.url.endsWith('.xml'))).toBe(true);
  });

  it('reads an integrated-filing page, a revision timed by its revision date', () => {
    const links = resultsListingXbrlLinks(
      jsonOf(fixture('nse-results-listing/integrated-filing-results_20250501_20250531_p01_size20.json')),
    );
    expect(links).toHaveLength(20);
    expect(links).toContainEqual({
      url: 'https://nsearchives.nseindia.com/corporate/xbrl/INTEGRATED_FILING_INDAS_1461767_31052025061740_WEB.xml',
      knownAt: '2025-05-31T12:47:41.000Z', // revised_Date 31-MAY-2025 18:17:41 IST
    });
  });

  it('gives no links for what is not a listing', () => {
    expect(resultsListingXbrlLinks(undefined)).toEqual([]);
    expect(resultsListingXbrlLinks({ data: null })).toEqual([]);
    expect(resultsListingXbrlLinks([{ symbol: 'X', xbrl: '-' }])).toEqual([]);
  });
});

describeWithExchangeData('results listing XBRL links on the real responses of ../shared/data/exchange', () => {
  it('integrated filings of HDFC Bank: the ten financials XBRL (not the iXBRL, not governance), by broadcast_Date', () => {
    const links = resultsListingXbrlLinks(jsonOf(exchangeFile('api/nse/integrated-filing-results/nse_integrated_filings_hdfcbank.json')));
    expect(links).toHaveLength(10);
    expect(links.every((l) => /\/corporate\/xbrl\/INTEGRATED_FILING_BANKING_\d+_\d+_WEB\.xml$/.test(l.url))).toBe(true);
    expect(links).toContainEqual({
      url: 'https://nsearchives.nseindia.com/corporate/xbrl/INTEGRATED_FILING_BANKING_1654391_18042026073048_WEB.xml',
      knownAt: '2026-04-18T14:00:49.000Z', // broadcast_Date 18-Apr-2026 19:30:49 IST
    });
  });

  it('corporates-financial-results: six filings, each by exchdisstime', () => {
    const links = resultsListingXbrlLinks(
      jsonOf(exchangeFile('api/nse/corporates-financial-results/corporates-financial-results_Quarterly_20260701_20260903.json')),
    );
    expect(links).toHaveLength(6);
    expect(links).toContainEqual({
      url: 'https://nsearchives.nseindia.com/corporate/xbrl/INDAS_121271_1686982_01072026110051.xml',
      knownAt: '2026-07-01T05:31:26.000Z', // exchdisstime 01-Jul-2026 11:01:26 IST (IL&FSTRANS)
    });
  });
});
