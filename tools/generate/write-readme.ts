import type { GenerateOptions } from './generate-options.ts';

/**
 * The dataset's README.md. Ingestion skips `.md` files, so it can sit in the folder that is
 * ingested; it says plainly that nothing here is real.
 */
export function writeReadme(options: GenerateOptions, counts: { files: number; filings: number; facts: number }): Uint8Array {
  const text = `# Synthetic data: not real companies

Everything in this folder was made up by the project's generator (tools/generate/, docs/generator.md).
The companies, their ISINs (issuer codes Z000..ZZZZ), BSE codes (9xxxxx), results, shareholding,
corporate actions and prices are fictitious; the XBRL URLs point at the reserved host
\`nsearchives.synthetic.invalid\`. The files follow the formats NSE and BSE publish, so the
service's real parsers read them.

Generated with:

    npm run generate -- --companies ${options.companies} --years ${options.years} --seed ${options.seed} --price-days ${options.priceDays} --end-date ${options.endDate} --out <dir>

(revision rate ${options.revisionRate}, late-filing rate ${options.lateRate}): ${options.companies} companies,
${counts.filings} results filings with ${counts.facts} facts, ${counts.files} files. The same arguments give
the same bytes.

| folder | format |
|---|---|
| master/EQUITY_L.csv | NSE equity master |
| master/Equity.csv | BSE list of scrips (2024 layout) |
| results/index/<symbol>.json | NSE results listing (dissemination times, XBRL URLs) |
| results/xbrl/<symbol>/*.xml | NSE financial results, Ind-AS 2020 XBRL |
| shareholding/<SYMBOL>.csv | quarterly shareholding summary |
| corporate_actions/Corporate_Actions.csv | BSE corporate actions export |
| bhavcopy/ | NSE CM bhavcopy, one per weekday: legacy (cm...bhav.csv) before 8 Jul 2024, UDiFF from then |
`;
  return new TextEncoder().encode(text);
}
