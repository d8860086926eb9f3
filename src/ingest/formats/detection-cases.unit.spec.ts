import { describe } from 'vitest';
import { fixtureText, parserSpec, type DetectionCases } from '../../../test/support/parser-specs.ts';
import { parserRegistry } from '#ingest/formats/all-parsers/all-parsers';

const ROLEX_PDF = 'ROLEXRINGS_20250802_ROLEXRINGS_02082025114727_Intimation_of_Credit_Rating.pdf';
const INFY_OCR =
  '20250802_132358_f3d4f7e8-a457-4885-ab30-710e3fc8e9ba_INFY_20250802_Infosys_02082025102207_Grant_of_RSUs_01082025__raw_ocr_output.txt';
const UDIFF = 'BhavCopy_NSE_CM_0_0_0_20240708_F_0000.csv';
const BSE_UDIFF = 'BhavCopy_BSE_CM_0_0_0_20210506_F_0000.CSV';

/**
 * What each format's detection claims beyond its own fixtures folder (detect-formats.unit.spec.ts
 * checks those): the names its files are published under, and the lookalikes it leaves to other
 * formats, as their fixtures or as a head written out. One table, since a lookalike of one format
 * is a file of another.
 */
const DETECTION: Readonly<Record<string, DetectionCases & { readonly title: string }>> = {
  'bse-announcements': {
    title: 'recognises the listing by its header, and not the BSE corporate-actions export',
    claims: [['BSE_2021-08-21_2021-08-21.csv', 'bse-announcements/BSE_2021-08-21_2021-08-21.csv']],
    leaves: [['Corporate_Actions.csv', 'bse-corporate-actions/Corporate_Actions.csv']],
  },
  'bse-announcements-json': {
    title: "recognises the API's pages and its empty answer, and not the CSV listing or the corporate-actions API",
    claims: [
      ['AnnSubCategoryGetData.json', 'bse-announcements-json/AnnSubCategoryGetData-constructed-20210821-p1.json'],
      ['x.json', 'bse-announcements-json/AnnSubCategoryGetData-empty-day.json'],
      ['x.json', { head: '{ "Table": [ ], "Table1": [ { "ROWCNT": 0 } ] }\n' }],
    ],
    leaves: [
      ['BSE_2021-08-21_2021-08-21.csv', 'bse-announcements/BSE_2021-08-21_2021-08-21.csv'],
      ['corporate_actions.json', 'bse-corporate-actions-json/corporate_actions_20260701_180450.json'],
      ['x.json', { head: '{"Table":[{"scrip_code":500325,"Purpose":"Dividend - Rs. - 5.5000"}]}' }],
      ['x.json', { head: '{"Table":[],"Table1":[{"ROWCNT":12}]}' }],
    ],
  },
  'bse-corporate-actions': {
    title: 'recognises the export by its header, and not the BSE scrip list',
    claims: [['Corporate_Actions.csv', 'bse-corporate-actions/Corporate_Actions.csv']],
    leaves: [['Equity.csv', 'bse-scrip-list/Equity.csv']],
  },
  'bse-corporate-actions-json': {
    title: 'recognises the API export by its fields, and not CSV files',
    claims: [['corporate_actions.json', 'bse-corporate-actions-json/corporate_actions_20260701_180450.json']],
    leaves: [
      ['Corporate_Actions.csv', 'bse-corporate-actions/Corporate_Actions.csv'],
      ['x.json', { head: '{"symbol":"RELIANCE","subject":"Bonus 1:1"}' }],
      ['AnnSubCategoryGetData.json', 'bse-announcements-json/AnnSubCategoryGetData-constructed-20210821-p1.json'],
    ],
  },
  'bse-equity-bhavcopy': {
    title: 'recognises the BSE bhavcopy by its header, and no NSE file',
    claims: [['EQ060521.CSV', 'bse-equity-bhavcopy/EQ060521.CSV']],
    leaves: [
      ['EQ060521.CSV', 'nse-cm-bhavcopy/cm06JAN2021bhav.csv'],
      ['EQ060521.CSV', 'bse-scrip-list/Equity.csv'],
    ],
  },
  'bse-scrip-master-json': {
    title: 'recognises the API list by its fields, and not the CSV lists or the announcements API',
    claims: [['ListofScripData.json', 'bse-scrip-master-json/ListofScripData-constructed-from-ListOfScrips.json']],
    leaves: [
      ['ListOfScrips.csv', 'bse-scrip-list/ListOfScrips.csv'],
      ['AnnSubCategoryGetData.json', 'bse-announcements-json/AnnSubCategoryGetData-constructed-20210821-p1.json'],
      ['corporate_actions.json', 'bse-corporate-actions-json/corporate_actions_20260701_180450.json'],
    ],
  },
  'bse-udiff-bhavcopy': {
    title: "recognises the UDiFF layout published by BSE, and not NSE's or BSE's older bhavcopy",
    claims: [
      [BSE_UDIFF, `bse-udiff-bhavcopy/${BSE_UDIFF}`],
      [BSE_UDIFF, { head: fixtureText(`bse-udiff-bhavcopy/${BSE_UDIFF}`).split('\n')[0] ?? '' }], // header only: by the name
    ],
    leaves: [
      [BSE_UDIFF, `nse-udiff-bhavcopy/${UDIFF}`],
      [UDIFF, { head: fixtureText(`bse-udiff-bhavcopy/${BSE_UDIFF}`).split('\n')[0] ?? '' }],
      [BSE_UDIFF, 'bse-equity-bhavcopy/EQ060521.CSV'],
    ],
  },
  'bse-scrip-list': {
    title: 'recognises both layouts by their header and not the NSE master',
    claims: [
      ['Equity.csv', 'bse-scrip-list/Equity.csv'],
      ['ListOfScrips.csv', 'bse-scrip-list/ListOfScrips.csv'],
    ],
    leaves: [['EQUITY_L.csv', 'nse-equity-master/EQUITY_L.csv']],
  },
  'document-text': {
    title: 'claims PDFs by content and OCR text files by name, nothing else',
    claims: [
      [ROLEX_PDF, `document-text/${ROLEX_PDF}`],
      ['renamed.bin', `document-text/${ROLEX_PDF}`],
      [INFY_OCR, `document-text/${INFY_OCR}`],
    ],
    leaves: [
      ['Grant_of_RSUs.txt', `document-text/${INFY_OCR}`],
      ['BSE.csv', 'bse-announcements/BSE_2021-08-21_2021-08-21.csv'],
    ],
  },
  'nifty-index-list': {
    title: 'recognises the constituent lists by their header, and not the other lists',
    claims: [
      ['ind_nifty50list.csv', 'nifty-index-list/ind_nifty50list.csv'],
      ['ind_nifty500list.csv', 'nifty-index-list/ind_nifty500list.csv'],
    ],
    leaves: [['EQUITY_L.csv', 'nse-equity-master/EQUITY_L.csv']],
  },
  'nse-announcements': {
    title: 'recognises the API records, and not NSE results or integrated-filing listings',
    claims: [['announcements.json', 'nse-announcements/announcements-constructed.json']],
    leaves: [
      ['acc.json', { head: '[\n  {\n    "symbol": "ACC",\n    "seqNumber": "1191885",\n    "filingDate": "31-Jan-2025 18:45",' }],
      ['x.json', { head: '{"data":[{"seq_Id":"97542","broadcast_Date":"31-May-2025 23:20:35","pdf_attach":"https://…"}' }],
      ['x.csv', { head: 'seq_id,an_dt,attchmntFile\n' }],
    ],
  },
  'nse-cm-bhavcopy': {
    title: 'recognises the legacy bhavcopy by its header, and no other price file',
    claims: [['cm06JAN2021bhav.csv', 'nse-cm-bhavcopy/cm06JAN2021bhav.csv']],
    leaves: [
      ['cm06JAN2021bhav.csv', 'nse-full-bhavcopy/sec_bhavdata_full.csv'],
      ['cm06JAN2021bhav.csv', 'bse-equity-bhavcopy/EQ060521.CSV'],
      ['cm06JAN2021bhav.csv', 'nse-udiff-bhavcopy/BhavCopy_NSE_CM_0_0_0_20240708_F_0000.csv'],
      ['cm06JAN2021bhav.csv', 'nse-equity-master/EQUITY_L.csv'],
    ],
  },
  'nse-corporate-actions': {
    title: 'recognises the export by its header (quoted, with a byte-order mark), and not the NSE master',
    claims: [['CF-CA-equities.csv', 'nse-corporate-actions/CF-CA-equities-constructed.csv']],
    leaves: [['EQUITY_L.csv', 'nse-equity-master/EQUITY_L.csv']],
  },
  'nse-daily-history': {
    title: 'recognises the NIFTY 50 history by its header, and no other price file',
    claims: [['RELIANCE.csv', 'nse-daily-history/RELIANCE.csv']],
    leaves: [
      ['RELIANCE.csv', 'nse-intraday-bars/RELIANCE.csv'],
      ['x.csv', 'nse-security-history/01-01-2018-TO-31-12-20183MINDIAALLN.csv'],
    ],
  },
  'nse-equity-master': {
    title: 'recognises EQUITY_L.csv by its header',
    claims: [['EQUITY_L.csv', 'nse-equity-master/EQUITY_L.csv']],
    leaves: [['x.csv', 'bse-scrip-list/Equity.csv']],
  },
  'nse-full-bhavcopy': {
    title: 'recognises the full bhavcopy by its header (leading spaces and all), and no other price file',
    claims: [
      ['sec_bhavdata_full.csv', 'nse-full-bhavcopy/sec_bhavdata_full.csv'],
      ['x.csv', 'nse-full-bhavcopy/sec_bhavdata_full_01Dec2022bhav.csv'],
    ],
    leaves: [
      ['x.csv', 'nse-cm-bhavcopy/cm06JAN2021bhav.csv'],
      ['x.csv', 'nse-security-history/01-01-2018-TO-31-12-2018AARONALLN.csv'],
    ],
  },
  'nse-insider-trading': {
    title: 'recognises the export by its 30-line header, and not the BSE announcements listing',
    claims: [['CF-Insider-Trading-equities.csv', 'nse-insider-trading/CF-Insider-Trading-equities-29-04-2020-to-29-07-2020.csv']],
    leaves: [
      ['BSE.csv', 'bse-announcements/BSE_2021-08-21_2021-08-21.csv'],
      ['x.pdf', { head: '%PDF-1.7\r%\u00e2\u00e3' }],
    ],
  },
  'nse-intraday-bars': {
    title: 'recognises a bar file by its header and a timed first row, and no daily file of the same shape',
    claims: [
      ['RELIANCE.csv', 'nse-intraday-bars/RELIANCE.csv'],
      ['x.csv', 'nse-intraday-bars/constructed-1m.csv'],
    ],
    leaves: [
      ['x.csv', { head: 'date,open,high,low,close,volume\n2024-01-01,1500,1510,1490,1505,1000\n' }],
      ['x.csv', 'nse-daily-history/RELIANCE.csv'],
      ['x.csv', 'nse-quote-snapshot/INFY.csv'],
    ],
  },
  'nse-quote-snapshot': {
    title: 'recognises getQuote polls and a getQuote response, and no other price file',
    claims: [
      ['INFY.csv', 'nse-quote-snapshot/INFY.csv'],
      ['INFY.json', 'nse-quote-snapshot/getquote-INFY-constructed.json'],
    ],
    leaves: [
      ['INFY.csv', 'nse-intraday-bars/RELIANCE.csv'],
      ['x.json', 'bse-corporate-actions-json/corporate_actions_20260701_180450.json'],
    ],
  },
  'nse-corporate-actions-json': {
    title: 'recognises the API records by their fields, and neither the CSV export nor the BSE API',
    claims: [
      ['corporates-corporateActions.json', 'nse-corporate-actions-json/corporates-corporateActions-constructed-from-real-rows.json'],
    ],
    leaves: [
      ['CF-CA-equities.csv', 'nse-corporate-actions/CF-CA-equities-same-rows-as-api-constructed.csv'],
      ['x.json', 'bse-corporate-actions-json/corporate_actions_20260701_180450.json'],
      ['x.json', { head: '{"symbol":"RELIANCE","subject":"Bonus 1:1"}' }],
    ],
  },
  'nse-results-listing': {
    title: 'is detected by its fields, and nothing else of the fixtures is',
    claims: [
      ['acc.json', 'nse-results-listing/acc.json'],
      ['page.json', 'nse-results-listing/integrated-filing-results_20250501_20250531_p01_size20.json'],
    ],
    leaves: [['x.json', 'bse-corporate-actions-json/corporate_actions_20260701_180450.json']],
  },
  'nse-shareholding-listing': {
    title: 'is detected by its shareholding fields, and not the results listings',
    claims: [['corporate-share-holdings-master.json', 'nse-shareholding-listing/corporate-share-holdings-master_20261006_5-records.json']],
    leaves: [
      ['acc.json', 'nse-results-listing/acc.json'],
      ['page.json', 'nse-results-listing/integrated-filing-results_20250501_20250531_p01_size20.json'],
    ],
  },
  'nse-security-history': {
    title: 'recognises the report by its header, and no other price file',
    claims: [['01-01-2018-TO-31-12-2018AARONALLN.csv', 'nse-security-history/01-01-2018-TO-31-12-2018AARONALLN.csv']],
    leaves: [
      ['x.csv', 'nse-daily-history/RELIANCE.csv'],
      ['x.csv', 'nse-full-bhavcopy/sec_bhavdata_full.csv'],
    ],
  },
  'nse-symbol-change': {
    title: 'recognises the headerless lines by their shape, and not the equity master',
    claims: [
      ['symbolchange.csv', 'nse-symbol-change/symbolchange-2026-08-08-10-lines.csv'],
      ['renamed.csv', 'nse-symbol-change/symbolchange-2026-08-08-10-lines.csv'],
    ],
    leaves: [
      ['EQUITY_L.csv', 'nse-equity-master/EQUITY_L.csv'],
      ['symbolchange.csv', { head: 'SYMBOL,NAME OF COMPANY, SERIES, DATE OF LISTING\n' }],
    ],
  },
  'nse-udiff-bhavcopy': {
    title: 'recognises the UDiFF layout published by NSE, and no other price file',
    claims: [
      [UDIFF, `nse-udiff-bhavcopy/${UDIFF}`],
      [UDIFF, { head: fixtureText(`nse-udiff-bhavcopy/${UDIFF}`).split('\n')[0] ?? '' }], // header only
    ],
    leaves: [
      [UDIFF, 'nse-cm-bhavcopy/cm06JAN2021bhav.csv'],
      [UDIFF, 'bse-equity-bhavcopy/EQ060521.CSV'],
      [UDIFF, `bse-udiff-bhavcopy/${BSE_UDIFF}`],
    ],
  },
  'shareholding-detailed': {
    title: 'recognises the extract by its head',
    claims: [['all_shp_data_raw.json', 'shareholding-detailed/all_shp_data_raw-HCLTECH-HDFCBANK.json']],
    leaves: [['x.json', 'bse-corporate-actions-json/corporate_actions_20260701_180450.json']],
  },
  'shareholding-summary': {
    title: 'recognises the headerless rows, and not a price file with a header',
    claims: [['RELIANCE.csv', 'shareholding-summary/RELIANCE.csv']],
    leaves: [
      ['RELIANCE.csv', 'nse-daily-history/RELIANCE.csv'],
      ['RELIANCE.csv', 'nse-intraday-bars/RELIANCE.csv'],
      ['x.csv', { head: '20240601T,50.33,21.75\r\n' }],
    ],
  },
  'shareholding-xbrl': {
    title: 'recognises an in-bse-shp instance, and not a results filing (in-bse-fin)',
    claims: [
      ['SHP.xml', 'shareholding-xbrl/SHP-constructed-2025-06-30-fraction-form.xml'],
      ['SHP.xml', 'shareholding-xbrl/SHP-constructed-2025-02-14-percent-form.xml'],
    ],
    leaves: [
      [
        'INDAS_1.xml',
        {
          head: '<?xml version="1.0"?><xbrli:xbrl xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:in-bse-fin="http://www.bseindia.com/xbrl/fin/2020-03-31/in-bse-fin">',
        },
      ],
    ],
  },
};

describe.each(Object.entries(DETECTION))('%s', (format, { title, ...cases }) => {
  const parser = parserRegistry.byFormat(format);
  if (!parser) throw new Error(`no parser for the format ${format}`);
  parserSpec(parser).itRecognises(title, cases);
});
