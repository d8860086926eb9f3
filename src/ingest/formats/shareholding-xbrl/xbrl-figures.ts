import type { HolderLine } from '#schemas/events';
import { parseDecimalText } from '#platform/decimals';
import type { Problem } from '#ingest/shared/parser';
import { type ShareholdingFigures, HEADLINE_MEMBERS } from '#ingest/shared/shareholding-support';
import { holderCategory } from './holder-category.ts';
import { PERCENT_CONCEPT, percentOf } from './percent-scale.ts';
import type { Facts, ShpDocument } from './shp-document.ts';

/** Pledged shares of a row as a % of that row's own shares: 2025-05-31 taxonomy, then 2016-2022's. */
const PLEDGED_PCT = [
  'EncumberedShareUnderPledgedAsPercentageOfTotalNumberOfShares',
  'PledgedOrEncumberedSharesHeldAsPercentageOfTotalNumberOfShares',
];
const PLEDGED_SHARES = ['NumberOfSharesEncumberedUnderPledged', 'PledgedOrEncumberedNumberOfShares'];
const SHARES = ['NumberOfFullyPaidUpEquityShares', 'NumberOfShares'];

const firstOf = (facts: Facts | undefined, concepts: readonly string[]) => concepts.map((c) => facts?.get(c)).find((v) => v !== undefined);

/** Reads filed figures, collecting a problem for each one that is not a number it can take. */
function figureReader(power: number, problems: Problem[]) {
  return {
    percent(facts: Facts | undefined, concept: string, where: string): string | null {
      const text = facts?.get(concept);
      const value = percentOf(text, power);
      if (value !== undefined) return value;
      problems.push({
        where: `element in-bse-shp:${concept} (${where})`,
        message: `"${text ?? ''}" is not a percentage from 0 to 100: left out`,
      });
      return null;
    },
    count(facts: Facts | undefined, concepts: readonly string[], where: string): string | null {
      const text = firstOf(facts, concepts);
      const value = text === undefined ? null : parseDecimalText(text);
      if (value === null || (value !== undefined && !value.startsWith('-'))) return value;
      problems.push({
        where: `element in-bse-shp:${concepts[0] ?? ''} (${where})`,
        message: `"${text ?? ''}" is not a number of shares: left out`,
      });
      return null;
    },
  };
}

type Reader = ReturnType<typeof figureReader>;

/**
 * The promoters' pledged shares as a % of the promoters' own holding (the figure India quotes),
 * as filed; 0 when the filing states no pledged shares; null when it states neither. Pledges
 * only since the 2025 taxonomy split encumbrances; earlier filings state one figure for
 * pledges and other encumbrances together, which is taken as it is.
 */
function pledgedPct(promoter: Facts | undefined, read: Reader): string | null {
  const concept = PLEDGED_PCT.find((c) => promoter?.has(c));
  if (concept) return read.percent(promoter, concept, 'promoter and promoter group');
  const shares = read.count(promoter, PLEDGED_SHARES, 'promoter and promoter group');
  return shares !== null && /^0+(\.0+)?$/.test(shares) ? '0' : null;
}

function holderLines(document: ShpDocument, read: Reader): HolderLine[] {
  return document.holders.flatMap((holder) => {
    const name = holder.facts.get('NameOfTheShareholder')?.replace(/\s+/g, ' ').trim();
    if (!name || name.length > 300) return [];
    const where = `holder ${holder.key}`;
    return [
      {
        category: holderCategory(holder.axis).slice(0, 200),
        name,
        shares: read.count(holder.facts, SHARES, where),
        percentage: read.percent(holder.facts, PERCENT_CONCEPT, where),
      },
    ];
  });
}

/** The event's figures from a shareholding instance whose percentages are 10^power from percent. */
export function xbrlFigures(
  document: ShpDocument,
  power: number,
): { readonly figures: ShareholdingFigures; readonly problems: readonly Problem[] } {
  const problems: Problem[] = [];
  const read = figureReader(power, problems);
  const row = (member: string) => document.categories.get(member.toLowerCase());
  const headline = (member: string) => read.percent(row(member), PERCENT_CONCEPT, member);
  const figures: ShareholdingFigures = {
    promoterPct: headline(HEADLINE_MEMBERS.promoter),
    fiiPct: headline(HEADLINE_MEMBERS.fii),
    diiPct: headline(HEADLINE_MEMBERS.dii),
    mutualFundPct: headline(HEADLINE_MEMBERS.mutualFund),
    publicPct: headline(HEADLINE_MEMBERS.public),
    pledgedPct: pledgedPct(row(HEADLINE_MEMBERS.promoter), read),
    holders: holderLines(document, read),
  };
  return { figures, problems };
}
