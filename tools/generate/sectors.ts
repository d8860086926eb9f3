/** A range [low, high) a company's parameter is drawn from. */
export type Range = readonly [number, number];

/**
 * A sector: its names as the NIFTY lists (the project's `sector`) and BSE's 2024 list write
 * them, BSE's classification levels, words for company names, and the cost structure of a
 * typical company (shares of revenue; assets in days of revenue). Financial companies are
 * left out: banks and NBFCs file other taxonomies than the Ind-AS company layout generated.
 */
export interface SectorProfile {
  readonly sector: string;
  /** `Industry New Name` in BSE's Equity.csv (BSE keeps the commas NIFTY drops). */
  readonly bseSector: string;
  /** `Sector Name`, BSE's macro level. */
  readonly macro: string;
  /** `Igroup Name`. */
  readonly group: string;
  /** `ISubgroup Name`, the basic industry: the project's `industry`. */
  readonly industry: string;
  readonly nouns: readonly string[];
  readonly materials: Range;
  readonly purchases: Range;
  readonly employees: Range;
  /** Operating margin before depreciation (EBITDA margin). */
  readonly margin: Range;
  /** Property, plant and equipment as a share of annual revenue. */
  readonly capital: Range;
  readonly inventoryDays: Range;
  readonly receivableDays: Range;
  readonly payableDays: Range;
}

const sector = (profile: SectorProfile) => profile;

export const SECTORS: readonly SectorProfile[] = [
  sector({ sector: 'Capital Goods', bseSector: 'Capital Goods', macro: 'Industrials', group: 'Electrical Equipment', industry: 'Heavy Electrical Equipment', nouns: ['Engineering', 'Electricals', 'Turbines', 'Switchgear'], materials: [0.45, 0.6], purchases: [0, 0.08], employees: [0.06, 0.12], margin: [0.08, 0.18], capital: [0.15, 0.35], inventoryDays: [60, 120], receivableDays: [60, 110], payableDays: [50, 90] }),
  sector({ sector: 'Chemicals', bseSector: 'Chemicals', macro: 'Commodities', group: 'Chemicals & Petrochemicals', industry: 'Specialty Chemicals', nouns: ['Chemicals', 'Polymers', 'Organics', 'Dyestuffs'], materials: [0.45, 0.6], purchases: [0, 0.05], employees: [0.04, 0.09], margin: [0.12, 0.26], capital: [0.4, 0.8], inventoryDays: [50, 100], receivableDays: [50, 90], payableDays: [40, 80] }),
  sector({ sector: 'Construction Materials', bseSector: 'Construction Materials', macro: 'Commodities', group: 'Cement & Cement Products', industry: 'Cement & Cement Products', nouns: ['Cements', 'Building Products', 'Concrete'], materials: [0.15, 0.22], purchases: [0.02, 0.1], employees: [0.04, 0.07], margin: [0.14, 0.24], capital: [0.9, 1.4], inventoryDays: [30, 50], receivableDays: [15, 30], payableDays: [40, 70] }),
  sector({ sector: 'Automobile and Auto Components', bseSector: 'Automobile and Auto Components', macro: 'Consumer Discretionary', group: 'Auto Components', industry: 'Auto Components & Equipments', nouns: ['Motors', 'Auto Components', 'Forgings', 'Axles'], materials: [0.55, 0.68], purchases: [0, 0.06], employees: [0.06, 0.1], margin: [0.1, 0.17], capital: [0.35, 0.6], inventoryDays: [30, 60], receivableDays: [40, 75], payableDays: [50, 90] }),
  sector({ sector: 'Fast Moving Consumer Goods', bseSector: 'Fast Moving Consumer Goods', macro: 'Fast Moving Consumer Goods', group: 'Food Products', industry: 'Packaged Foods', nouns: ['Foods', 'Consumer Products', 'Beverages', 'Agro Products'], materials: [0.4, 0.52], purchases: [0.03, 0.12], employees: [0.05, 0.09], margin: [0.12, 0.24], capital: [0.15, 0.3], inventoryDays: [30, 60], receivableDays: [10, 30], payableDays: [40, 70] }),
  sector({ sector: 'Healthcare', bseSector: 'Healthcare', macro: 'Healthcare', group: 'Pharmaceuticals & Biotechnology', industry: 'Pharmaceuticals', nouns: ['Pharmaceuticals', 'Lifesciences', 'Remedies', 'Laboratories'], materials: [0.28, 0.4], purchases: [0.04, 0.12], employees: [0.12, 0.2], margin: [0.16, 0.3], capital: [0.3, 0.55], inventoryDays: [80, 140], receivableDays: [70, 110], payableDays: [50, 90] }),
  sector({ sector: 'Information Technology', bseSector: 'Information Technology', macro: 'Information Technology', group: 'IT - Software', industry: 'Computers - Software & Consulting', nouns: ['Infotech', 'Software', 'Digital Systems', 'Technologies'], materials: [0, 0], purchases: [0, 0.03], employees: [0.48, 0.6], margin: [0.18, 0.3], capital: [0.05, 0.15], inventoryDays: [0, 0], receivableDays: [55, 85], payableDays: [10, 30] }),
  sector({ sector: 'Metals & Mining', bseSector: 'Metals & Mining', macro: 'Commodities', group: 'Ferrous Metals', industry: 'Iron & Steel', nouns: ['Steel', 'Alloys', 'Metals', 'Ispat'], materials: [0.5, 0.62], purchases: [0, 0.06], employees: [0.03, 0.06], margin: [0.1, 0.22], capital: [0.7, 1.2], inventoryDays: [60, 100], receivableDays: [20, 45], payableDays: [50, 90] }),
  sector({ sector: 'Oil Gas & Consumable Fuels', bseSector: 'Oil, Gas & Consumable Fuels', macro: 'Energy', group: 'Gas', industry: 'Gas Transmission/Marketing', nouns: ['Gas', 'Petrochem', 'Energy Resources'], materials: [0, 0.05], purchases: [0.6, 0.75], employees: [0.01, 0.03], margin: [0.08, 0.18], capital: [0.6, 1.1], inventoryDays: [5, 20], receivableDays: [20, 40], payableDays: [20, 45] }),
  sector({ sector: 'Power', bseSector: 'Power', macro: 'Utilities', group: 'Power', industry: 'Power Generation', nouns: ['Power', 'Energy', 'Renewables', 'Urja'], materials: [0.35, 0.5], purchases: [0, 0.05], employees: [0.02, 0.05], margin: [0.25, 0.4], capital: [2, 3.2], inventoryDays: [15, 30], receivableDays: [45, 90], payableDays: [30, 60] }),
  sector({ sector: 'Realty', bseSector: 'Realty', macro: 'Realty', group: 'Realty', industry: 'Residential, Commercial Projects', nouns: ['Realty', 'Estates', 'Developers', 'Habitats'], materials: [0.3, 0.45], purchases: [0, 0.05], employees: [0.04, 0.08], margin: [0.2, 0.35], capital: [0.05, 0.15], inventoryDays: [400, 700], receivableDays: [20, 50], payableDays: [60, 120] }),
  sector({ sector: 'Textiles', bseSector: 'Textiles', macro: 'Consumer Discretionary', group: 'Textiles & Apparels', industry: 'Other Textile Products', nouns: ['Textiles', 'Spinning Mills', 'Fabrics', 'Weaves'], materials: [0.5, 0.62], purchases: [0, 0.05], employees: [0.08, 0.14], margin: [0.09, 0.17], capital: [0.5, 0.9], inventoryDays: [70, 120], receivableDays: [40, 80], payableDays: [30, 60] }),
  sector({ sector: 'Consumer Durables', bseSector: 'Consumer Durables', macro: 'Consumer Discretionary', group: 'Consumer Durables', industry: 'Household Appliances', nouns: ['Appliances', 'Electronics', 'Home Products'], materials: [0.45, 0.6], purchases: [0.05, 0.15], employees: [0.05, 0.09], margin: [0.08, 0.15], capital: [0.15, 0.3], inventoryDays: [60, 100], receivableDays: [30, 60], payableDays: [60, 100] }),
  sector({ sector: 'Services', bseSector: 'Services', macro: 'Services', group: 'Transport Services', industry: 'Logistics Solution Provider', nouns: ['Logistics', 'Carriers', 'Freightways'], materials: [0, 0.02], purchases: [0, 0.02], employees: [0.08, 0.15], margin: [0.1, 0.2], capital: [0.3, 0.7], inventoryDays: [0, 5], receivableDays: [45, 80], payableDays: [30, 60] }),
  sector({ sector: 'Construction', bseSector: 'Construction', macro: 'Industrials', group: 'Construction', industry: 'Civil Construction', nouns: ['Infraprojects', 'Constructions', 'Buildcon'], materials: [0.35, 0.5], purchases: [0, 0.05], employees: [0.05, 0.09], margin: [0.1, 0.17], capital: [0.1, 0.25], inventoryDays: [30, 70], receivableDays: [70, 120], payableDays: [70, 120] }),
  sector({ sector: 'Media Entertainment & Publication', bseSector: 'Media, Entertainment & Publication', macro: 'Consumer Discretionary', group: 'Media', industry: 'Print Media', nouns: ['Media', 'Broadcast', 'Publications'], materials: [0.15, 0.3], purchases: [0, 0.03], employees: [0.12, 0.2], margin: [0.12, 0.25], capital: [0.3, 0.6], inventoryDays: [20, 40], receivableDays: [60, 100], payableDays: [40, 80] }),
];
