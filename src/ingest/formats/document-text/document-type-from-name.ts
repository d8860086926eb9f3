import type { FilingType } from '#schemas/common';

/**
 * What the company's own file name says the document is, matched on the name in lower case
 * with separators removed ("Credit_Rating" and "CreditRating" read alike), first rule wins.
 * Only names that say it plainly count: "Analystcall" or "Earningcall31072025" are notices of
 * a call, not its transcript, and stay null.
 */
const RULES: ReadonlyArray<readonly [RegExp, FilingType]> = [
  [/transcript/, 'earnings_call_transcript'],
  [/creditrating|ratingrationale|rating/, 'credit_rating'],
  // SPEC has no press-release filing type: press releases are filed with investor material.
  [/pressrelease|investorpresentation|analystpresentation|presentation|investorppt/, 'investor_presentation'],
  [/annualreport/, 'annual_report'],
  [/shareholdingpattern/, 'shareholding_pattern'],
  [/financialresult|financials|(quarterly|audited|unaudited)results?/, 'financial_results'],
  [/dividend/, 'dividend'],
];

export function documentTypeFromName(name: string): FilingType | null {
  const compact = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return RULES.find(([pattern]) => pattern.test(compact))?.[1] ?? null;
}
