/**
 * The rows of SEBI's shareholding pattern (LODR Reg 31; tables II, III and IV of the format in
 * force since 2022), by the domain member that names them in the `in-bse-shp` XBRL taxonomy
 * (`CategoryOfShareholdersAxis`). Labels follow the published table; a row's category path
 * names its table and parents, so the many "Any Other (specify)" rows stay distinct.
 */
interface CategoryNode {
  readonly member: string;
  readonly label: string;
  readonly children?: readonly CategoryNode[];
}

const leaf = (member: string, label: string): CategoryNode => ({ member, label });

const CATEGORY_TREE: readonly CategoryNode[] = [
  {
    member: 'ShareholdingOfPromoterAndPromoterGroupMember',
    label: 'Promoter and Promoter Group',
    children: [
      {
        member: 'IndianMember',
        label: 'Indian',
        children: [
          leaf('IndividualsOrHinduUndividedFamilyMember', 'Individuals/Hindu undivided Family'),
          leaf('CentralGovernmentOrStateGovernmentSMember', 'Central Government/ State Government(s)'),
          leaf('IndianFinancialInstitutionsOrBanksMember', 'Financial Institutions/ Banks'),
          leaf('OtherIndianShareholdersMember', 'Any Other (specify)'),
        ],
      },
      {
        member: 'ForeignMember',
        label: 'Foreign',
        children: [
          leaf('NonResidentIndividualsOrForeignIndividualsMember', 'Individuals (NonResident Individuals/ Foreign Individuals)'),
          leaf('ForeignGovernmentMember', 'Government'),
          leaf('ForeignInstitutionsMember', 'Institutions'),
          leaf('ForeignPortfolioInvestorMember', 'Foreign Portfolio Investor'),
          leaf('OtherForeignShareholdersMember', 'Any Other (specify)'),
        ],
      },
    ],
  },
  {
    member: 'InstitutionsDomesticMember',
    label: 'Public / Institutions (Domestic)',
    children: [
      leaf('MutualFundsOrUTIMember', 'Mutual Funds/ UTI'),
      leaf('VentureCapitalFundsMember', 'Venture Capital Funds'),
      leaf('AlternativeInvestmentFundsMember', 'Alternate Investment Funds'),
      leaf('BanksMember', 'Banks'),
      leaf('InsuranceCompaniesMember', 'Insurance Companies'),
      leaf('ProvidentFundsOrPensionFundsMember', 'Provident Funds/ Pension Funds'),
      leaf('AssetReconstructionCompaniesMember', 'Asset Reconstruction Companies'),
      leaf('SovereignWealthFundsDomesticMember', 'Sovereign Wealth Funds'),
      leaf('NBFCsRegisteredWithRBIMember', 'NBFCs registered with RBI'),
      leaf('OtherFinancialInstitutionsMember', 'Other Financial Institutions'),
      leaf('OtherInstitutionsDomesticMember', 'Any Other (specify)'),
    ],
  },
  {
    member: 'InstitutionsForeignMember',
    label: 'Public / Institutions (Foreign)',
    children: [
      leaf('ForeignDirectInvestmentMember', 'Foreign Direct Investment'),
      leaf('ForeignVentureCapitalInvestorsMember', 'Foreign Venture Capital Investors'),
      leaf('SovereignWealthFundsForeignMember', 'Sovereign Wealth Funds'),
      leaf('InstitutionsForeignPortfolioInvestorCategoryOneMember', 'Foreign Portfolio Investors Category I'),
      leaf('InstitutionsForeignPortfolioInvestorCategoryTwoMember', 'Foreign Portfolio Investors Category II'),
      leaf('OverseasDepositoriesMember', 'Overseas Depositories (holding DRs)'),
      leaf('OtherInstitutionsForeignMember', 'Any Other (specify)'),
    ],
  },
  {
    member: 'GovernmentsMember',
    label: 'Public / Central Government / State Government(s)',
    children: [
      leaf('CentralGovernmentOrPresidentOfIndiaMember', 'Central Government / President of India'),
      leaf('StateGovernmentsOrGovernorsMember', 'State Government / Governor'),
      leaf(
        'ShareholdingByCompaniesOrBodiesCorporateWhereCentralOrStateGovernmentIsPromoterMember',
        'Shareholding by Companies or Bodies Corporate where Central / State Government is a promoter',
      ),
    ],
  },
  {
    member: 'NonInstitutionsMember',
    label: 'Public / Non-institutions',
    children: [
      leaf('AssociateCompaniesOrSubsidiariesMember', 'Associate Companies/ Subsidiaries'),
      leaf('DirectorsAndDirectorsRelativesMember', 'Directors and their relatives'),
      leaf('KeyManagerialPersonnelMember', 'Key Managerial Personnel'),
      leaf('RelativesOfPromotersOtherThanPromoterGroupMember', 'Relatives of promoters'),
      leaf(
        'TrustsWhereAnyPersonBelongingToPromoterAndPromoterGroupIsTrusteeOrBeneficiaryOrAuthorOfTrustMember',
        'Trusts where any person belonging to Promoter is Trustee',
      ),
      leaf('InvestorEducationAndProtectionFundMember', 'Investor Education and Protection Fund'),
      leaf(
        'ResidentIndividualShareholdersHoldingNominalShareCapitalUpToRsTwoLakhMember',
        'Resident Individuals holding nominal share capital up to Rs. 2 lakhs',
      ),
      leaf(
        'ResidentIndividualShareholdersHoldingNominalShareCapitalInExcessOfRsTwoLakhMember',
        'Resident Individuals holding nominal share capital in excess of Rs. 2 lakhs',
      ),
      leaf('NonResidentIndiansMember', 'Non Resident Indians (NRIs)'),
      leaf('ForeignNationalsMember', 'Foreign Nationals'),
      leaf('ForeignCompaniesMember', 'Foreign Companies'),
      leaf('BodiesCorporateMember', 'Bodies Corporate'),
      leaf('OtherNonInstitutionsMember', 'Any Other (specify)'),
    ],
  },
  {
    member: 'SharesHeldByNonPromoterNonPublicShareholdersMember',
    label: 'Non Promoter - Non Public',
    children: [leaf('CustodianOrDRHolderMember', 'Custodian/DR Holder'), leaf('EmployeeBenefitsTrustsMember', 'Employee Benefit Trusts')],
  },
];

/** Member names are compared case-insensitively: filers and taxonomy versions write `MutualFundsOrUti`. */
const keyOf = (member: string) => member.trim().toLowerCase();

function paths(nodes: readonly CategoryNode[], parent: string | null): [string, string, string][] {
  return nodes.flatMap((node) => {
    const path = parent ? `${parent} / ${node.label}` : node.label;
    return [[keyOf(node.member), node.member, path] as [string, string, string], ...paths(node.children ?? [], path)];
  });
}

const BY_KEY = new Map(paths(CATEGORY_TREE, null).map(([key, member, path]) => [key, { member, path }]));

/** The members whose percentages are the event's headline figures (SPEC ownership fields). */
export const HEADLINE_MEMBERS = {
  /** Table II total: promoter and promoter group. */
  promoter: 'ShareholdingOfPromoterAndPromoterGroupMember',
  /** B(2): institutions (foreign): FPIs, FDI, foreign venture capital, SWFs, overseas depositories. */
  fii: 'InstitutionsForeignMember',
  /** B(1): institutions (domestic): mutual funds, insurers, banks, pension funds, AIFs, ... */
  dii: 'InstitutionsDomesticMember',
  /** B(1)(a): mutual funds / UTI, a part of dii. */
  mutualFund: 'MutualFundsOrUTIMember',
  /** B(4): non-institutions, the retail and corporate public (not the whole public table). */
  public: 'NonInstitutionsMember',
} as const;

/** The known member for a name written in any case, or undefined. */
export function knownMember(name: string): string | undefined {
  return BY_KEY.get(keyOf(name))?.member;
}

/** The category path of a member, e.g. `Public / Institutions (Domestic) / Mutual Funds/ UTI`. */
export function categoryPathOf(member: string): string | undefined {
  return BY_KEY.get(keyOf(member))?.path;
}

/** Whether two member names are the same member. */
export const isMember = (name: string | null | undefined, member: string) => !!name && keyOf(name) === keyOf(member);
