import { categoryPathOf, knownMember } from '#ingest/shared/shareholding-support';
import { lookupTable } from '#platform/lookup-table';

/**
 * Axis names whose bucket is not the member's name: the taxonomy shortens some
 * (`DetailsSharesHeldByIndividualsOrHUFAxis`) and pluralises others (`OthersIndianShareholders`).
 */
const ALIASES: Readonly<Record<string, string>> = lookupTable({
  individualsorhuf: 'IndividualsOrHinduUndividedFamilyMember',
  othersindianshareholders: 'OtherIndianShareholdersMember',
  institutionsforeignportfolioinvestorone: 'InstitutionsForeignPortfolioInvestorCategoryOneMember',
  institutionsforeignportfolioinvestortwo: 'InstitutionsForeignPortfolioInvestorCategoryTwoMember',
  shareholdingbycompaniesorbodiescorporate: 'ShareholdingByCompaniesOrBodiesCorporateWhereCentralOrStateGovernmentIsPromoterMember',
});

/** `DetailsOfSharesHeldByMutualFundsOrUtiAxis` → `MutualFundsOrUti`. */
const bucketOf = (axis: string) => axis.replace(/^Details(?:OfThe|Of)?(?:Shares)?(?:HeldBy)?/, '').replace(/Axis$/, '');

/** `BodiesCorporateIncludingSubsidiaries` → `Bodies Corporate Including Subsidiaries`. */
const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');

/** The SEBI category path of a named holder's axis; an unknown axis gives its own words. */
export function holderCategory(axis: string): string {
  const bucket = bucketOf(axis);
  const member = knownMember(`${bucket}Member`) ?? ALIASES[bucket.toLowerCase()];
  return (member && categoryPathOf(member)) || words(bucket) || 'Unclassified';
}
