import { parseExchangeDate } from '#domain/indian-text';
import type { ParseInput, Problem } from '#ingest/shared/parser';
import { shareholdingListingOf } from '#ingest/shared/shareholding-listing-entry';
import {
  type ShareholdingFiling,
  reportedCompany,
  type DisclosureRule,
  ruleOf,
  shareholdingKnownAt,
} from '#ingest/shared/shareholding-support';
import { percentScale } from './percent-scale.ts';
import type { ShpDocument } from './shp-document.ts';
import { xbrlFigures } from './xbrl-figures.ts';

/**
 * The deadline rule from "Shareholding pattern filed under": Reg 31(1)(b) is the quarterly
 * pattern; (a) before listing and (c) after a capital change are event-driven. NSE masks the
 * fact in the files it serves; then the date decides.
 */
function ruleFor(filedUnder: string | undefined, periodEnd: string): DisclosureRule {
  const clause = /31\s*\(\s*1\s*\)\s*\(\s*([abc])\s*\)/i.exec(filedUnder ?? '')?.[1]?.toLowerCase();
  if (clause === 'b') return 'quarterly';
  if (clause === 'a' || clause === 'c') return 'event';
  return ruleOf(periodEnd);
}

/** The period: DateOfReport, else the one date of the table's instant contexts. */
function periodOf(document: ShpDocument): string | null {
  const stated = parseExchangeDate(document.info.get('DateOfReport'));
  if (stated) return stated;
  const [only, ...others] = document.instants;
  return only && others.length === 0 ? parseExchangeDate(only) : null;
}

/**
 * The filing a shareholding-pattern instance states, with problems for figures left out; or
 * why the document cannot be used as a whole.
 */
export function readXbrlFiling(
  document: ShpDocument,
  input: ParseInput,
):
  | { readonly ok: true; readonly filing: ShareholdingFiling; readonly problems: readonly Problem[] }
  | { readonly ok: false; readonly reason: string } {
  if (document.categories.size === 0)
    return { ok: false, reason: 'the instance has no shareholding table: expected facts in CategoryOfShareholdersAxis contexts' };
  const scale = percentScale(document.categories);
  if (!scale.ok) return { ok: false, reason: scale.reason };
  const periodEnd = periodOf(document);
  if (!periodEnd)
    return {
      ok: false,
      reason: `no period: DateOfReport "${document.info.get('DateOfReport') ?? ''}" is not a date, and the table's contexts do not share one date`,
    };
  const info = (concept: string) => document.info.get(concept);
  const { company, notes } = reportedCompany({
    name: info('NameOfTheCompany'),
    nseSymbol: info('Symbol') ?? info('NSESymbol'),
    bseCode: info('ScripCode'),
    isin: info('ISIN'),
  });
  // NSE's listing entry (shareholding-listing-context.ts) names the company when the instance masks it.
  const listing = shareholdingListingOf(input.attributes);
  const isin = company.isin ?? listing?.isin ?? null;
  const nseSymbol = company.nseSymbol ?? listing?.symbol ?? null;
  const ticker = nseSymbol ?? company.bseCode ?? isin;
  if (!ticker)
    return {
      ok: false,
      reason: `no company: the instance states no valid Symbol, ScripCode or ISIN${notes.length ? ` (${notes.join('; ')})` : ''}`,
    };
  const { figures, problems } = xbrlFigures(document, scale.power);
  return {
    ok: true,
    problems: [...notes.map((message) => ({ where: 'general information', message })), ...problems],
    filing: {
      naturalKey: `${ticker}:${periodEnd}`,
      companyId: input.companies.resolve({ isin, nseSymbol, bseCode: company.bseCode }),
      company,
      periodEnd,
      figures,
      knownAt: shareholdingKnownAt(periodEnd, input, ruleFor(info('ShareholdingPatternFiledUnder'), periodEnd)),
    },
  };
}
