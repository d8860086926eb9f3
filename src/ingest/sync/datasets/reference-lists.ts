import { snapshotDataset } from './snapshots.ts';

/** The exchanges' reference lists: one snapshot a day, dated by the host's Last-Modified or the fetch. */
export const bseScripMaster = snapshotDataset({
  name: 'bse-scrip-master',
  exchange: 'BSE',
  description: "BSE's list of equity scrips (codes, ISINs, names, status)",
  host: 'bse-api',
  files: [
    {
      path: '/BseIndiaAPI/api/ListofScripData/w?Group=&Scripcode=&industry=&segment=Equity&status=',
      expected: 'json',
      fileName: 'ListofScripData.json',
    },
  ],
});

export const nseReference = snapshotDataset({
  name: 'nse-reference',
  exchange: 'NSE',
  description: "NSE's equity list, symbol changes and name changes",
  host: 'nse-archives',
  files: [
    { path: '/content/equities/EQUITY_L.csv', expected: 'csv', fileName: 'EQUITY_L.csv' },
    { path: '/content/equities/symbolchange.csv', expected: 'csv', fileName: 'symbolchange.csv' },
    { path: '/content/equities/namechange.csv', expected: 'csv', fileName: 'namechange.csv' },
  ],
});
