import { describe, expect, it } from 'vitest';
import { fixture, givenParseInput } from '../../../../test/support/parse-input.ts';
import { dataOf, expectEveryEventValid, expectNoThrowOnDamagedBytes, expectParsed } from '../../../../test/support/parser-spec-kit.ts';
import { describeWithExchangeData, exchangeFile } from '../../../../test/support/shared-data.ts';
import type { RunFile } from '#ingest/pipeline/context-provider';
import { createShareholdingListingContext } from '#ingest/pipeline/shareholding-listing-context';
import { companyIdFromIsin } from '#ingest/shared/parser/company-lookup';
import { shareholdingXbrlParser } from '#ingest/formats/shareholding-xbrl/parser';
import { nseShareholdingListingParser as parser } from './parser.ts';
import { shareholdingXbrlLinks } from './shareholding-xbrl-links.ts';

const FIXTURE = 'nse-shareholding-listing/corporate-share-holdings-master_20261006_5-records.json';
const REAL = 'api/nse/corporate-share-holdings-master/corporate-share-holdings-master_20261006.json';
// A constructed SHP instance (fixtures/shareholding-xbrl/PROVENANCE.md), delivered under a name the listing gives.
const SHP = fixture('shareholding-xbrl/SHP-constructed-2025-06-30-fraction-form.xml');
const IMFA_XBRL = 'SHP_1733231_06102026103250_WEB.xml';

const jsonOf = (bytes: Uint8Array): unknown => JSON.parse(new TextDecoder().decode(bytes));
const file = (fileName: string, format: string, bytes: Uint8Array = new Uint8Array()): RunFile => ({
  fileName,
  format,
  read: async () => bytes,
});

describe('NSE shareholding listing', () => {
  it('names each XBRL document with its dissemination time (systemDate, IST), symbol and quarter', () => {
    expect(shareholdingXbrlLinks(jsonOf(fixture(FIXTURE)))).toEqual([
      // broadcastDate 06-OCT-2026 10:33:01, systemDate 10:33:05 (timeDifference 00:00:04)
      {
        url: `https://nsearchives.nseindia.com/corporate/xbrl/${IMFA_XBRL}`,
        knownAt: '2026-10-06T05:03:05.000Z',
        symbol: 'IMFA',
        quarterEnd: '2026-09-30',
      },
      {
        url: 'https://nsearchives.nseindia.com/corporate/xbrl/SHP_1733299_06102026124112_WEB.xml',
        knownAt: '2026-10-06T07:11:21.000Z',
        symbol: 'HLVLTD',
        quarterEnd: '2026-09-30',
      },
      {
        url: 'https://nsearchives.nseindia.com/corporate/xbrl/SHP_1733233_06102026103802_WEB.xml',
        knownAt: '2026-10-06T05:08:13.000Z',
        symbol: 'DIVISLAB',
        quarterEnd: '2026-09-30',
      },
      {
        url: 'https://nsearchives.nseindia.com/corporate/xbrl/SHP_1732749_03102026042915_WEB.xml',
        knownAt: '2026-10-03T10:59:28.000Z', // 16:29:28 IST; the file name's 04:29:15 is a 12-hour clock
        symbol: 'CANBK',
        quarterEnd: '2026-09-30',
      },
      {
        // Revised: submitted 01-OCT, revised 05-OCT, disseminated 06-OCT-2026 11:33:07.
        url: 'https://nsearchives.nseindia.com/corporate/xbrl/SHP_1732863_05102026113640_WEB.xml',
        knownAt: '2026-10-06T06:03:07.000Z',
        symbol: 'AONESTEELS',
        quarterEnd: '2026-09-30',
      },
    ]);
  });

  it('gives no links for what is not a listing', () => {
    expect(shareholdingXbrlLinks(null)).toEqual([]);
    expect(shareholdingXbrlLinks({ data: 'x' })).toEqual([]);
    expect(shareholdingXbrlLinks([{ symbol: 'X', xbrl: '-' }])).toEqual([]);
    // The same rows under "data" read the same.
    expect(shareholdingXbrlLinks({ data: jsonOf(fixture(FIXTURE)) })).toHaveLength(5);
  });

  it('registers the companies it names by ISIN, as known at their dissemination; a row without ISIN registers nothing', () => {
    const outcome = expectParsed(parser.parse(givenParseInput(fixture(FIXTURE), { fileName: 'corporate-share-holdings-master.json' })));
    expectEveryEventValid(outcome);
    expect(outcome.rows).toBe(5);
    expect(outcome.problems).toEqual([]);
    const registered = dataOf(outcome, 'CompanyRegistered');
    expect(registered.map((c) => c.nseSymbol).sort()).toEqual(['AONESTEELS', 'CANBK', 'DIVISLAB', 'IMFA']);
    expect(registered.find((c) => c.nseSymbol === 'IMFA')).toMatchObject({
      companyId: companyIdFromIsin('INE919H01018'),
      isin: 'INE919H01018',
      name: 'Indian Metals & Ferro Alloys Limited',
      listingStatus: 'listed',
    });
    const imfa = outcome.events.find((e) => e.type === 'CompanyRegistered' && e.data.nseSymbol === 'IMFA');
    expect(imfa?.metadata.knownAt).toBe('2026-10-06T05:03:05.000Z');
  });

  it('rejects JSON that names no XBRL document, and never throws on damaged bytes', () => {
    const outcome = parser.parse(givenParseInput('[{"symbol":"X","xbrl":"-","pr_and_prgrp":"1"}]'));
    expect(outcome).toMatchObject({ ok: false, reason: 'none of the 1 records names an XBRL document (field "xbrl" ending in .xml)' });
    expectNoThrowOnDamagedBytes(parser, fixture(FIXTURE), (bytes) => givenParseInput(bytes));
  });
});

describe('shareholding listing context', () => {
  const listing = file('corporate-share-holdings-master.json', 'nse-shareholding-listing', fixture(FIXTURE));

  it("gives a SHP XBRL file of the run its entry: knownAt, URL, ISIN and symbol; the parse dates it by the listing's time", async () => {
    const xbrl = file(IMFA_XBRL, 'shareholding-xbrl', SHP);
    const stored = async () => {
      throw new Error('stored listings are not needed when the run has the listing');
    };
    const contextOf = await createShareholdingListingContext(stored).prepare([listing, xbrl]);
    const context = contextOf(xbrl);
    expect(context).toEqual({
      knownAt: '2026-10-06T05:03:05.000Z',
      sourceUrl: `https://nsearchives.nseindia.com/corporate/xbrl/${IMFA_XBRL}`,
      attributes: {
        shareholdingListing: {
          fileName: IMFA_XBRL,
          xbrlUrl: `https://nsearchives.nseindia.com/corporate/xbrl/${IMFA_XBRL}`,
          symbol: 'IMFA',
          isin: 'INE919H01018',
          companyName: 'Indian Metals & Ferro Alloys Limited',
          quarterEnd: '2026-09-30',
          disseminatedAt: '2026-10-06T05:03:05.000Z',
          isRevision: false,
        },
      },
    });
    expect(contextOf(listing)).toBeUndefined();
    const parsed = expectParsed(
      shareholdingXbrlParser.parse(
        givenParseInput(SHP, {
          fileName: IMFA_XBRL,
          knownAt: context?.knownAt ?? null,
          sourceUrl: context?.sourceUrl ?? null,
          attributes: context?.attributes ?? {},
        }),
      ),
    );
    const [event] = parsed.events;
    expect(event?.metadata).toMatchObject({ knownAt: '2026-10-06T05:03:05.000Z', source: 'nse', sourceUrl: context?.sourceUrl });
  });

  it('names the company by the entry when the instance states neither ISIN nor symbol', async () => {
    const masked = new TextDecoder()
      .decode(SHP)
      .replace(/<in-bse-shp:ISIN [^<]*<\/in-bse-shp:ISIN>/, '')
      .replace(/<in-bse-shp:Symbol [^<]*<\/in-bse-shp:Symbol>/, '');
    const xbrl = file(IMFA_XBRL, 'shareholding-xbrl');
    const context = (await createShareholdingListingContext(async () => [fixture(FIXTURE)]).prepare([xbrl]))(xbrl);
    const parsed = expectParsed(shareholdingXbrlParser.parse(givenParseInput(masked, { attributes: context?.attributes ?? {} })));
    expect(dataOf(parsed, 'ShareholdingReported')[0]?.companyId).toBe(companyIdFromIsin('INE919H01018'));
  });

  it('falls back to stored listings, and leaves files it does not name without context', async () => {
    const named = file(`06Oct2026_1033_${IMFA_XBRL}`, 'shareholding-xbrl');
    const unknown = file('SHP_1_2_WEB.xml', 'shareholding-xbrl');
    const contextOf = await createShareholdingListingContext(async () => [fixture(FIXTURE)]).prepare([named, unknown]);
    expect(contextOf(named)?.knownAt).toBe('2026-10-06T05:03:05.000Z');
    expect(contextOf(unknown)).toBeUndefined();
  });

  it('lists the stored copies received without an entry that a new listing names', async () => {
    const copies = async () => [
      { documentId: 'a', fileName: IMFA_XBRL },
      { documentId: 'b', fileName: 'SHP_1_2_WEB.xml' },
    ];
    const awaiting = await createShareholdingListingContext(async () => [], copies).awaiting?.([listing]);
    expect(awaiting).toEqual([{ documentId: 'a', fileName: IMFA_XBRL }]);
  });
});

describeWithExchangeData('NSE shareholding listing, the real response of 06-Oct-2026', () => {
  it('is detected, and names all 32 documents with their dissemination times', () => {
    const bytes = exchangeFile(REAL);
    const head = new TextDecoder().decode(bytes.subarray(0, 16 * 1024));
    expect(parser.detect('corporate-share-holdings-master_20261006.json', head)).toBe(true);
    const links = shareholdingXbrlLinks(jsonOf(bytes));
    expect(links).toHaveLength(32);
    expect(links.every((l) => l.quarterEnd === '2026-09-30' && l.knownAt?.startsWith('2026-10-0'))).toBe(true);
    // CGCL: systemDate 01-OCT-2026 20:23:27 IST.
    expect(links.find((l) => l.symbol === 'CGCL')).toEqual({
      url: 'https://nsearchives.nseindia.com/corporate/xbrl/SHP_1732514_01102026082308_WEB.xml',
      knownAt: '2026-10-01T14:53:27.000Z',
      symbol: 'CGCL',
      quarterEnd: '2026-09-30',
    });
  });

  it('registers the 30 companies that have an ISIN, with no problems', () => {
    const outcome = expectParsed(parser.parse(givenParseInput(exchangeFile(REAL))));
    expectEveryEventValid(outcome);
    expect(outcome.rows).toBe(32);
    expect(outcome.problems).toEqual([]);
    expect(dataOf(outcome, 'CompanyRegistered')).toHaveLength(30);
  });
});
