import { describe } from 'vitest';
import { asOf, itPlansEach, type PlanRow, quarter, where } from '../../../../test/support/plan-question.ts';

// Questions as analysts write them, none taken from another table: Indian shorthand for the
// measures (topline, PAT, OPM, D/E, promoter stake, FPI holding, mcap), short names (RIL, HUL,
// L&T, M&M, SBI, Infy, Bajaj Finserv) and the ways periods are written (Q3FY25, Dec quarter,
// H1 FY24, 9M FY25, the quarter inside a fiscal year, last fiscal).

// Reported figures of one company
const FIGURES: readonly PlanRow[] = [
  ['RIL topline for FY24', { route: 'exact', reference: 'RIL', concepts: ['Revenue'], fiscal_year: 2024 }],
  ['HUL bottom line Q3FY25', { route: 'exact', reference: 'HUL', concepts: ['ProfitAfterTax'], ...quarter(2025, 3) }],
  [
    "What was Infy's PAT in the Dec quarter of FY25?",
    { route: 'exact', reference: 'Infy', concepts: ['ProfitAfterTax'], ...quarter(2025, 3) },
  ],
  ['L&T EBITDA margin FY2024', { route: 'exact', reference: 'L&T', concepts: ['ebitda_margin'], fiscal_year: 2024 }],
  ['M&M net profit for H1 FY24', { route: 'exact', reference: 'M&M', concepts: ['ProfitAfterTax'], fiscal_year: 2024, period: 'any' }],
  ['TCS YoY revenue growth in Q2 FY25', { route: 'exact', reference: 'TCS', concepts: ['Revenue_growth'], ...quarter(2025, 2) }],
  ['Bajaj Finserv total income FY23', { route: 'exact', reference: 'Bajaj Finserv', concepts: ['TotalIncome'], fiscal_year: 2023 }],
  ['HUL EBITDA for the September quarter 2024', { route: 'exact', reference: 'HUL', concepts: ['ebitda'], ...quarter(2025, 2) }],
  ['Infy operating margin FY25', { route: 'exact', reference: 'Infy', concepts: ['ebit_margin'], fiscal_year: 2025 }],
  ['ITC sales growth FY24', { route: 'exact', reference: 'ITC', concepts: ['Revenue_growth'], fiscal_year: 2024 }],
  ['Maruti PBT Q4 FY24', { route: 'exact', reference: 'Maruti', concepts: ['ProfitBeforeTax'], ...quarter(2024, 4) }],
  [
    'Asian Paints staff costs in FY23',
    { route: 'exact', reference: 'Asian Paints', concepts: ['EmployeeBenefitExpense'], fiscal_year: 2023 },
  ],
  ['Titan other income last fiscal', { route: 'exact', reference: 'Titan', concepts: ['OtherIncome'], fiscal_year: 2024 }],
  ['Nestle India interest expense Q1 FY25', { route: 'exact', reference: 'Nestle India', concepts: ['FinanceCosts'], ...quarter(2025, 1) }],
  ['Wipro D&A for FY 2023-24', { route: 'exact', reference: 'Wipro', concepts: ['DepreciationAndAmortisation'], fiscal_year: 2024 }],
  ['HCL Tech diluted EPS Q3 FY25', { route: 'exact', reference: 'HCL Tech', concepts: ['DilutedEarningsPerShare'], ...quarter(2025, 3) }],
  ['Sun Pharma one-off items FY24', { route: 'exact', reference: 'Sun Pharma', concepts: ['ExceptionalItems'], fiscal_year: 2024 }],
  ['Tata Steel gross debt FY24', { route: 'exact', reference: 'Tata Steel', concepts: ['Borrowings'], fiscal_year: 2024 }],
  ['UltraTech Cement net worth FY24', { route: 'exact', reference: 'UltraTech Cement', concepts: ['TotalEquity'], fiscal_year: 2024 }],
  ['Bharti Airtel debtors FY23', { route: 'exact', reference: 'Bharti Airtel', concepts: ['TradeReceivables'], fiscal_year: 2023 }],
  ['Cipla inventory in Q2 FY25', { route: 'exact', reference: 'Cipla', concepts: ['Inventories'], ...quarter(2025, 2) }],
  [
    'Tech Mahindra cash and bank balances FY24',
    { route: 'exact', reference: 'Tech Mahindra', concepts: ['CashAndCashEquivalents'], fiscal_year: 2024 },
  ],
  ['Axis Bank balance sheet size FY2024', { route: 'exact', reference: 'Axis Bank', concepts: ['TotalAssets'], fiscal_year: 2024 }],
  [
    'Maruti Suzuki raw material costs 9M FY25',
    { route: 'exact', reference: 'Maruti Suzuki', concepts: ['CostOfMaterials'], fiscal_year: 2025, period: 'any' },
  ],
  ['BPCL traded goods purchases FY24', { route: 'exact', reference: 'BPCL', concepts: ['PurchasesOfStockInTrade'], fiscal_year: 2024 }],
  ['Bajaj Auto total expenditure Q3 FY25', { route: 'exact', reference: 'Bajaj Auto', concepts: ['TotalExpenses'], ...quarter(2025, 3) }],
  ['Pidilite tax provision FY24', { route: 'exact', reference: 'Pidilite', concepts: ['TaxExpense'], fiscal_year: 2024 }],
  [
    'HDFC Life total comprehensive income FY24',
    { route: 'exact', reference: 'HDFC Life', concepts: ['TotalComprehensiveIncome'], fiscal_year: 2024 },
  ],
  [
    'Shree Cement net block FY24',
    { route: 'exact', reference: 'Shree Cement', concepts: ['PropertyPlantAndEquipment'], fiscal_year: 2024 },
  ],
  ['Trent topline growth Q3 FY25', { route: 'exact', reference: 'Trent', concepts: ['Revenue_growth'], ...quarter(2025, 3) }],
  [
    'Havells financing cash flow FY24',
    { route: 'exact', reference: 'Havells', concepts: ['NetCashFromFinancingActivities'], fiscal_year: 2024 },
  ],
  ['Infosys creditors FY24', { route: 'exact', reference: 'Infosys', concepts: ['TradePayables'], fiscal_year: 2024 }],
  ['TCS paid-up capital FY24', { route: 'exact', reference: 'TCS', concepts: ['EquityShareCapital'], fiscal_year: 2024 }],
  ['Reliance reserves and surplus FY24', { route: 'exact', reference: 'Reliance', concepts: ['OtherEquity'], fiscal_year: 2024 }],
  ['HUL 9M FY25 revenue', { route: 'exact', reference: 'HUL', concepts: ['Revenue'], fiscal_year: 2025, period: 'any' }],
  ['M&M H2 FY24 PAT', { route: 'exact', reference: 'M&M', concepts: ['ProfitAfterTax'], fiscal_year: 2024, period: 'any' }],
  ['ITC Q3 FY25 EPS', { route: 'exact', reference: 'ITC', concepts: ['BasicEarningsPerShare'], ...quarter(2025, 3) }],
  [
    'Infy standalone topline Q2FY25',
    { route: 'exact', reference: 'Infy', concepts: ['Revenue'], ...quarter(2025, 2), basis: 'standalone' },
  ],
  [
    "What was SBI's net profit in the quarter ended Dec 2024?",
    { route: 'exact', reference: 'SBI', concepts: ['ProfitAfterTax'], ...quarter(2025, 3) },
  ],
  ['HUL June quarter FY25 revenue', { route: 'exact', reference: 'HUL', concepts: ['Revenue'], ...quarter(2025, 1) }],
  ['TCS revenue for Q3 this year', { route: 'exact', reference: 'TCS', concepts: ['Revenue'], ...quarter(2025, 3) }],
  ['Infosys net profit in Q4 last year', { route: 'exact', reference: 'Infosys', concepts: ['ProfitAfterTax'], ...quarter(2024, 4) }],
  ['Wipro PAT Mar quarter FY24', { route: 'exact', reference: 'Wipro', concepts: ['ProfitAfterTax'], ...quarter(2024, 4) }],
  ['L&T revenue in the first half of FY25', { route: 'exact', reference: 'L&T', concepts: ['Revenue'], fiscal_year: 2025, period: 'any' }],
  ['SBI PAT Q1 of this fiscal', { route: 'exact', reference: 'SBI', concepts: ['ProfitAfterTax'], ...quarter(2025, 1) }],
  ['Kotak Bank net profit 3QFY25', { route: 'exact', reference: 'Kotak Bank', concepts: ['ProfitAfterTax'], ...quarter(2025, 3) }],
  ['Tata Motors deferred tax FY24', { route: 'exact', reference: 'Tata Motors', concepts: ['DeferredTax'], fiscal_year: 2024 }],
  ['Hindalco current tax expense FY24', { route: 'exact', reference: 'Hindalco', concepts: ['CurrentTax'], fiscal_year: 2024 }],
  ['Tata Power other expenses FY24', { route: 'exact', reference: 'Tata Power', concepts: ['OtherExpenses'], fiscal_year: 2024 }],
  [
    'Adani Ports PBT before exceptional items FY24',
    { route: 'exact', reference: 'Adani Ports', concepts: ['ProfitBeforeExceptionalItemsAndTax'], fiscal_year: 2024 },
  ],
  [
    'Britannia change in inventories FY24',
    { route: 'exact', reference: 'Britannia', concepts: ['ChangesInInventories'], fiscal_year: 2024 },
  ],
  ['Dabur goodwill FY24', { route: 'exact', reference: 'Dabur', concepts: ['Goodwill'], fiscal_year: 2024 }],
  ['Infy total liabilities FY24', { route: 'exact', reference: 'Infy', concepts: ['TotalLiabilities'], fiscal_year: 2024 }],
  ['NTPC CFO FY24', { route: 'exact', reference: 'NTPC', concepts: ['NetCashFromOperatingActivities'], fiscal_year: 2024 }],
  [
    'Tata Consumer investing cash flow FY24',
    { route: 'exact', reference: 'Tata Consumer', concepts: ['NetCashFromInvestingActivities'], fiscal_year: 2024 },
  ],
  ['Coal India net change in cash FY24', { route: 'exact', reference: 'Coal India', concepts: ['NetIncreaseInCash'], fiscal_year: 2024 }],
  ['ONGC OCI FY24', { route: 'exact', reference: 'ONGC', concepts: ['OtherComprehensiveIncome'], fiscal_year: 2024 }],
  ['ICICI Bank PAT growth in FY24', { route: 'exact', reference: 'ICICI Bank', concepts: ['ProfitAfterTax_growth'], fiscal_year: 2024 }],
  ['Titan EPS growth Q3FY25', { route: 'exact', reference: 'Titan', concepts: ['BasicEarningsPerShare_growth'], ...quarter(2025, 3) }],
  ['RIL topline and bottom line FY24', { route: 'exact', reference: 'RIL', concepts: ['Revenue', 'ProfitAfterTax'], fiscal_year: 2024 }],
];

// Derived ratios of one company
const RATIOS: readonly PlanRow[] = [
  ['Kotak Bank ROE for FY24', { route: 'exact', reference: 'Kotak Bank', concepts: ['return_on_equity'], fiscal_year: 2024 }],
  ['RoA of ICICI Bank in FY2023', { route: 'exact', reference: 'ICICI Bank', concepts: ['return_on_assets'], fiscal_year: 2023 }],
  ['Hero MotoCorp debt-equity FY24', { route: 'exact', reference: 'Hero MotoCorp', concepts: ['debt_to_equity'], fiscal_year: 2024 }],
  ['Eicher Motors interest cover FY24', { route: 'exact', reference: 'Eicher Motors', concepts: ['interest_coverage'], fiscal_year: 2024 }],
  ['Britannia asset turns FY23', { route: 'exact', reference: 'Britannia', concepts: ['asset_turnover'], fiscal_year: 2023 }],
  ['Hindalco OCF to PAT FY24', { route: 'exact', reference: 'Hindalco', concepts: ['cash_conversion'], fiscal_year: 2024 }],
  ['Grasim EBIT Q3 FY25', { route: 'exact', reference: 'Grasim', concepts: ['ebit'], ...quarter(2025, 3) }],
  ['Adani Ports net profit margin Q3 FY25', { route: 'exact', reference: 'Adani Ports', concepts: ['net_margin'], ...quarter(2025, 3) }],
  ['HUL OPM Q3FY25', { route: 'exact', reference: 'HUL', concepts: ['ebitda_margin'], ...quarter(2025, 3) }],
  ['Tata Steel net gearing FY24', { route: 'exact', reference: 'Tata Steel', concepts: ['debt_to_equity'], fiscal_year: 2024 }],
  ['Infy tax rate FY24', { route: 'exact', reference: 'Infy', concepts: ['effective_tax_rate'], fiscal_year: 2024 }],
  ['Nestle India RoNW FY24', { route: 'exact', reference: 'Nestle India', concepts: ['return_on_equity'], fiscal_year: 2024 }],
  [
    'Asian Paints EBITDA margins in the last 8 quarters',
    { route: 'exact', reference: 'Asian Paints', concepts: ['ebitda_margin'], period: 'quarterly' },
  ],
  ['M&M operating profit Q2 FY25', { route: 'exact', reference: 'M&M', concepts: ['ebit'], ...quarter(2025, 2) }],
  ['L&T PAT margin FY24', { route: 'exact', reference: 'L&T', concepts: ['net_margin'], fiscal_year: 2024 }],
];

// Ownership of one company
const OWNERS: readonly PlanRow[] = [
  ['Promoter stake in RIL Q2 FY25', { route: 'exact', reference: 'RIL', concepts: ['promoter_pct'], ...quarter(2025, 2) }],
  ['FII holding in HDFC Bank Dec quarter 2023', { route: 'exact', reference: 'HDFC Bank', concepts: ['fii_pct'], ...quarter(2024, 3) }],
  ['FPI stake in ICICI Bank as of 1 Jan 2024', { route: 'exact', reference: 'ICICI Bank', concepts: ['fii_pct'], ...asOf('2024-01-01') }],
  ['MF holding in Infy', { route: 'exact', reference: 'Infy', concepts: ['mutual_fund_pct'] }],
  ['How much do DIIs hold in L&T?', { route: 'exact', reference: 'L&T', concepts: ['dii_pct'] }],
  ['Retail shareholding of ITC FY24', { route: 'exact', reference: 'ITC', concepts: ['public_pct'], fiscal_year: 2024 }],
  ['Promoter pledging at Adani Enterprises', { route: 'exact', reference: 'Adani Enterprises', concepts: ['pledged_pct'] }],
  ['Public shareholding in SBI Sept 2024 quarter', { route: 'exact', reference: 'SBI', concepts: ['public_pct'], ...quarter(2025, 2) }],
  [
    'Mutual fund stake in Maruti Suzuki in Q1FY25',
    { route: 'exact', reference: 'Maruti Suzuki', concepts: ['mutual_fund_pct'], ...quarter(2025, 1) },
  ],
  ['Foreign holding in TCS in the Mar-24 quarter', { route: 'exact', reference: 'TCS', concepts: ['fii_pct'], ...quarter(2024, 4) }],
  ['Latest promoter group holding of Wipro', { route: 'exact', reference: 'Wipro', concepts: ['promoter_pct'], period: 'instant' }],
  ['Foreign portfolio investor holding in Bajaj Finserv', { route: 'exact', reference: 'Bajaj Finserv', concepts: ['fii_pct'] }],
  ['Domestic institutions stake in ITC Q3 FY25', { route: 'exact', reference: 'ITC', concepts: ['dii_pct'], ...quarter(2025, 3) }],
  ['Promoter holding in M&M as on 30 Sep 2024', { route: 'exact', reference: 'M&M', concepts: ['promoter_pct'], ...asOf('2024-09-30') }],
  ['Non-promoter shareholding of Infy', { route: 'exact', reference: 'Infy', concepts: ['public_pct'] }],
];

// Latest quotes of one company
const QUOTES: readonly PlanRow[] = [
  ['RIL mcap', { route: 'quote', reference: 'RIL' }],
  ['Infy CMP', { route: 'quote', reference: 'Infy' }],
  ['What is the LTP of L&T?', { route: 'quote', reference: 'L&T' }],
  ['M&M share price', { route: 'quote', reference: 'M&M' }],
  ['Bajaj Finserv m-cap today', { route: 'quote', reference: 'Bajaj Finserv' }],
  ['How is HUL stock trading today?', { route: 'quote', reference: 'HUL' }],
];

// A price on a day: that day's close, not the latest
const DATED_PRICES: readonly PlanRow[] = [
  ['Reliance close on 28 February 2020', { route: 'quote', reference: 'Reliance', price_date: '2020-02-28' }],
  ['RIL share price on 28 Feb 2020', { route: 'quote', reference: 'RIL', price_date: '2020-02-28' }],
  ["What was Infosys's closing price on 14 February 2020?", { route: 'quote', reference: 'Infosys', price_date: '2020-02-14' }],
  ['Close price of HDFC Bank as on 3 January 2020', { route: 'quote', reference: 'HDFC Bank', price_date: '2020-01-03' }],
  ['What was the price of SBI on 2020-01-15?', { route: 'quote', reference: 'SBI', price_date: '2020-01-15' }],
  ['What did TCS close at on 27/02/2020?', { route: 'quote', reference: 'TCS', price_date: '2020-02-27' }],
  ["RIL's market cap on 28 Feb 2020", { route: 'quote', reference: 'RIL', price_date: '2020-02-28' }],
  ['Reliance price as known on 1 March 2020', { route: 'quote', reference: 'Reliance', ...asOf('2020-03-01') }],
];

// A change of ownership between two patterns: the earlier day, the later quarter
const OWNERSHIP_CHANGES: readonly PlanRow[] = [
  [
    'HDFC Bank promoter holding change, June to September 2023',
    { route: 'exact', reference: 'HDFC Bank', concepts: ['promoter_pct'], ...quarter(2024, 2), change_from: '2023-06-30' },
  ],
  [
    'How did FII holding in Infy change between Q1 FY24 and Q4 FY24?',
    { route: 'exact', reference: 'Infy', concepts: ['fii_pct'], ...quarter(2024, 4), change_from: '2023-06-30' },
  ],
  [
    'Change in promoter stake in Adani Ent over FY24',
    { route: 'exact', reference: 'Adani Ent', concepts: ['promoter_pct'], ...quarter(2024, 4), change_from: '2023-03-31' },
  ],
  [
    'FII holding in RIL in June 2024 vs March 2024',
    { route: 'exact', reference: 'RIL', concepts: ['fii_pct'], ...quarter(2025, 1), change_from: '2024-03-31' },
  ],
  [
    'Promoter holding in HDFC Bank since June 2023',
    { route: 'exact', reference: 'HDFC Bank', concepts: ['promoter_pct'], change_from: '2023-06-30' },
  ],
  [
    'How did DII holding in ITC change in Q2 FY25?',
    { route: 'exact', reference: 'ITC', concepts: ['dii_pct'], ...quarter(2025, 2), change_from: '2024-06-30' },
  ],
];

// Screens over companies, on SPEC's metrics
const SCREENS: readonly PlanRow[] = [
  [
    'Stocks with return on equity over 25% and debt to equity under 0.3',
    {
      route: 'hybrid_screen',
      concepts: ['return_on_equity', 'debt_to_equity'],
      filters: [where('return_on_equity', '>', '0.25'), where('debt_to_equity', '<', '0.3')],
    },
  ],
  [
    'Which companies have EBITDA margin above 30%?',
    { route: 'hybrid_screen', concepts: ['ebitda_margin'], filters: [where('ebitda_margin', '>', '0.3')] },
  ],
  [
    'Stocks where promoter stake is above 70%',
    { route: 'hybrid_screen', concepts: ['promoter_pct'], filters: [where('promoter_pct', '>', '70')] },
  ],
  ['Companies with FII holding more than 40%', { route: 'hybrid_screen', concepts: ['fii_pct'], filters: [where('fii_pct', '>', '40')] }],
  [
    'Firms with PAT growth above 50% in FY24',
    {
      route: 'hybrid_screen',
      concepts: ['ProfitAfterTax_growth'],
      filters: [where('ProfitAfterTax_growth', '>', '0.5')],
      fiscal_year: 2024,
    },
  ],
  ['Top 10 companies by mcap', { route: 'hybrid_screen', sort: '-market_cap' }],
  ['Top 5 stocks by net margin', { route: 'hybrid_screen', concepts: ['net_margin'], sort: '-net_margin' }],
  [
    'Stocks with pledged shares above 10%',
    { route: 'hybrid_screen', concepts: ['pledged_pct'], filters: [where('pledged_pct', '>', '10')] },
  ],
  [
    'Which stocks have interest coverage below 2x?',
    { route: 'hybrid_screen', concepts: ['interest_coverage'], filters: [where('interest_coverage', '<', '2')] },
  ],
  [
    'Companies with revenue growth over 20% and net margin above 15%',
    {
      route: 'hybrid_screen',
      concepts: ['Revenue_growth', 'net_margin'],
      filters: [where('Revenue_growth', '>', '0.2'), where('net_margin', '>', '0.15')],
    },
  ],
  [
    'Stocks with mutual fund holding above 15%',
    { route: 'hybrid_screen', concepts: ['mutual_fund_pct'], filters: [where('mutual_fund_pct', '>', '15')] },
  ],
  [
    'Companies with mcap above 1 lakh crore and ROE over 15%',
    {
      route: 'hybrid_screen',
      concepts: ['return_on_equity'],
      filters: [where('market_cap', '>', '1000000000000'), where('return_on_equity', '>', '0.15')],
    },
  ],
  [
    'Names with asset turnover above 1.5',
    { route: 'hybrid_screen', concepts: ['asset_turnover'], filters: [where('asset_turnover', '>', '1.5')] },
  ],
  [
    'Companies with effective tax rate below 15%',
    { route: 'hybrid_screen', concepts: ['effective_tax_rate'], filters: [where('effective_tax_rate', '<', '0.15')] },
  ],
  ['Screen for EBIT margin > 25%', { route: 'hybrid_screen', concepts: ['ebit_margin'], filters: [where('ebit_margin', '>', '0.25')] }],
  ['Highest OPM companies', { route: 'hybrid_screen', concepts: ['ebitda_margin'], sort: '-ebitda_margin' }],
  [
    'Companies with cash conversion above 1',
    { route: 'hybrid_screen', concepts: ['cash_conversion'], filters: [where('cash_conversion', '>', '1')] },
  ],
  ['Stocks with DII holding over 25%', { route: 'hybrid_screen', concepts: ['dii_pct'], filters: [where('dii_pct', '>', '25')] }],
  [
    'Companies with EPS growth above 30%',
    { route: 'hybrid_screen', concepts: ['BasicEarningsPerShare_growth'], filters: [where('BasicEarningsPerShare_growth', '>', '0.3')] },
  ],
  ['Stocks trading below ₹100', { route: 'hybrid_screen', filters: [where('price', '<', '100')] }],
  [
    'Companies with sales growth more than 25% YoY',
    { route: 'hybrid_screen', concepts: ['Revenue_growth'], filters: [where('Revenue_growth', '>', '0.25')] },
  ],
  [
    'Which companies have public shareholding under 25%?',
    { route: 'hybrid_screen', concepts: ['public_pct'], filters: [where('public_pct', '<', '25')] },
  ],
  [
    'Companies with EBITDA above 10,000 crore',
    { route: 'hybrid_screen', concepts: ['ebitda'], filters: [where('ebitda', '>', '100000000000')] },
  ],
  [
    'Stocks with ROA greater than 10%',
    { route: 'hybrid_screen', concepts: ['return_on_assets'], filters: [where('return_on_assets', '>', '0.1')] },
  ],
  [
    'Companies with borrowings growth above 50%',
    { route: 'hybrid_screen', concepts: ['Borrowings_growth'], filters: [where('Borrowings_growth', '>', '0.5')] },
  ],
  ['Stocks with D/E above 2', { route: 'hybrid_screen', concepts: ['debt_to_equity'], filters: [where('debt_to_equity', '>', '2')] }],
  ['Companies whose FPI stake exceeds 30%', { route: 'hybrid_screen', concepts: ['fii_pct'], filters: [where('fii_pct', '>', '30')] }],
  ['Bottom 10 companies by RoE', { route: 'hybrid_screen', concepts: ['return_on_equity'], sort: 'return_on_equity' }],
  ['Which stocks have the highest promoter holding?', { route: 'hybrid_screen', concepts: ['promoter_pct'], sort: '-promoter_pct' }],
  [
    'Companies with PBT growth over 40%',
    { route: 'hybrid_screen', concepts: ['ProfitBeforeTax_growth'], filters: [where('ProfitBeforeTax_growth', '>', '0.4')] },
  ],
  [
    'Companies with net worth growth above 20%',
    { route: 'hybrid_screen', concepts: ['TotalEquity_growth'], filters: [where('TotalEquity_growth', '>', '0.2')] },
  ],
  [
    'Stocks with operating cash flow growth above 25%',
    {
      route: 'hybrid_screen',
      concepts: ['NetCashFromOperatingActivities_growth'],
      filters: [where('NetCashFromOperatingActivities_growth', '>', '0.25')],
    },
  ],
  ['Companies with EBIT above 5,000 crore', { route: 'hybrid_screen', concepts: ['ebit'], filters: [where('ebit', '>', '50000000000')] }],
];

// A company's periods meeting a condition
const CONDITIONS: readonly PlanRow[] = [
  [
    'Quarters where HUL PAT exceeded 2,500 crore',
    {
      route: 'filter',
      reference: 'HUL',
      concepts: ['ProfitAfterTax'],
      period: 'quarterly',
      condition: { operator: '>', value: '25000000000', unit: 'INR' },
    },
  ],
  [
    'Years in which RIL topline crossed 9 lakh crore',
    { route: 'filter', reference: 'RIL', concepts: ['Revenue'], condition: { operator: '>', value: '9000000000000', unit: 'INR' } },
  ],
  [
    'Infy quarters with operating margin above 21%',
    {
      route: 'filter',
      reference: 'Infy',
      concepts: ['ebit_margin'],
      period: 'quarterly',
      condition: { operator: '>', value: '0.21', unit: 'ratio' },
    },
  ],
];

// Periods, holders, screens and verbs in the forms analysts write them
const MORE_FORMS: readonly PlanRow[] = [
  ['Infosys revenue in Oct-Dec 2024', { route: 'exact', reference: 'Infosys', concepts: ['Revenue'], ...quarter(2025, 3) }],
  [
    'HDFC Bank PAT for the quarter to December 2024',
    { route: 'exact', reference: 'HDFC Bank', concepts: ['ProfitAfterTax'], ...quarter(2025, 3) },
  ],
  [
    "What's ITC's profit after tax for the nine months ended December 2024?",
    { route: 'exact', reference: 'ITC', concepts: ['ProfitAfterTax'], fiscal_year: 2025, period: 'any' },
  ],
  [
    "What is HDFC Bank's net profit for the half year ended September 2024?",
    { route: 'exact', reference: 'HDFC Bank', concepts: ['ProfitAfterTax'], fiscal_year: 2025, period: 'any' },
  ],
  ['Infosys revenue Q3 FY-25', { route: 'exact', reference: 'Infosys', concepts: ['Revenue'], ...quarter(2025, 3) }],
  [
    'Infosys revenue for the quarter ended December',
    { route: 'exact', reference: 'Infosys', concepts: ['Revenue'], fiscal_quarter: 3, period: 'quarterly' },
  ],
  [
    'Infosys revenue in the second half of FY24',
    { route: 'exact', reference: 'Infosys', concepts: ['Revenue'], fiscal_year: 2024, period: 'any' },
  ],
  ['Infosys revenue in 1HFY25', { route: 'exact', reference: 'Infosys', concepts: ['Revenue'], fiscal_year: 2025, period: 'any' }],
  ['Infosys revenue for April-June 2024', { route: 'exact', reference: 'Infosys', concepts: ['Revenue'], ...quarter(2025, 1) }],
  ['Infosys revenue for Jul-Sep 2024', { route: 'exact', reference: 'Infosys', concepts: ['Revenue'], ...quarter(2025, 2) }],
  ['Infosys revenue for the year to March 2024', { route: 'exact', reference: 'Infosys', concepts: ['Revenue'], fiscal_year: 2024 }],
  [
    'Infosys revenue for the twelve months ended March 2024',
    { route: 'exact', reference: 'Infosys', concepts: ['Revenue'], fiscal_year: 2024 },
  ],
  ['Infosys revenue in QE Dec 2024', { route: 'exact', reference: 'Infosys', concepts: ['Revenue'], ...quarter(2025, 3) }],
  ['Infosys revenue in the quarter ended 31.12.2024', { route: 'exact', reference: 'Infosys', concepts: ['Revenue'], ...quarter(2025, 3) }],
  ['L&T revenue in the first half of FY25', { route: 'exact', reference: 'L&T', concepts: ['Revenue'], fiscal_year: 2025, period: 'any' }],
  ['Britannia asset turns FY23', { route: 'exact', reference: 'Britannia', concepts: ['asset_turnover'], fiscal_year: 2023 }],
  ['Retail shareholding of ITC FY24', { route: 'exact', reference: 'ITC', concepts: ['public_pct'], fiscal_year: 2024 }],
  ['Foreign portfolio investor holding in Bajaj Finserv', { route: 'exact', reference: 'Bajaj Finserv', concepts: ['fii_pct'] }],
  ['Domestic institutions stake in ITC Q3 FY25', { route: 'exact', reference: 'ITC', concepts: ['dii_pct'], ...quarter(2025, 3) }],
  ['Non-promoter shareholding of Infy', { route: 'exact', reference: 'Infy', concepts: ['public_pct'] }],
  ["Foreign investors' stake in HDFC Bank", { route: 'exact', reference: 'HDFC Bank', concepts: ['fii_pct'] }],
  ["Retail investors' holding in Zomato", { route: 'exact', reference: 'Zomato', concepts: ['public_pct'] }],
  [
    "What's the shareholding pattern of TCS?",
    { route: 'exact', reference: 'TCS', concepts: ['promoter_pct', 'fii_pct', 'dii_pct', 'mutual_fund_pct', 'public_pct', 'pledged_pct'] },
  ],
  [
    'Shareholding pattern of RIL for Q3 FY25',
    {
      route: 'exact',
      reference: 'RIL',
      concepts: ['promoter_pct', 'fii_pct', 'dii_pct', 'mutual_fund_pct', 'public_pct', 'pledged_pct'],
      ...quarter(2025, 3),
    },
  ],
  ['How is HUL stock trading today?', { route: 'quote', reference: 'HUL' }],
  [
    'Names with asset turnover above 1.5',
    { route: 'hybrid_screen', concepts: ['asset_turnover'], filters: [where('asset_turnover', '>', '1.5')] },
  ],
  ['Screen for EBIT margin > 25%', { route: 'hybrid_screen', concepts: ['ebit_margin'], filters: [where('ebit_margin', '>', '0.25')] }],
  [
    'Shortlist companies with EBITDA margins north of 25%',
    { route: 'hybrid_screen', concepts: ['ebitda_margin'], filters: [where('ebitda_margin', '>', '0.25')] },
  ],
  [
    'Small caps with ROE above 20%',
    { route: 'hybrid_screen', concepts: ['return_on_equity'], filters: [where('return_on_equity', '>', '0.2')] },
  ],
  [
    'Companies that grew revenue by more than 20%',
    { route: 'hybrid_screen', concepts: ['Revenue_growth'], filters: [where('Revenue_growth', '>', '0.2')] },
  ],
  [
    'Companies whose net profit rose over 40%',
    { route: 'hybrid_screen', concepts: ['ProfitAfterTax_growth'], filters: [where('ProfitAfterTax_growth', '>', '0.4')] },
  ],
  [
    'Companies with sales up more than 30% YoY',
    { route: 'hybrid_screen', concepts: ['Revenue_growth'], filters: [where('Revenue_growth', '>', '0.3')] },
  ],
  [
    'Stocks whose EPS grew at least 20%',
    { route: 'hybrid_screen', concepts: ['BasicEarningsPerShare_growth'], filters: [where('BasicEarningsPerShare_growth', '>=', '0.2')] },
  ],
  [
    'Companies whose topline grew more than 30% in FY24',
    { route: 'hybrid_screen', concepts: ['Revenue_growth'], fiscal_year: 2024, filters: [where('Revenue_growth', '>', '0.3')] },
  ],
  [
    'Which companies increased profits by more than 50%?',
    { route: 'hybrid_screen', concepts: ['ProfitAfterTax_growth'], filters: [where('ProfitAfterTax_growth', '>', '0.5')] },
  ],
  ['Rank companies by EBITDA margin', { route: 'hybrid_screen', concepts: ['ebitda_margin'], sort: '-ebitda_margin' }],
  [
    'Large caps with net margin south of 5%',
    { route: 'hybrid_screen', concepts: ['net_margin'], filters: [where('net_margin', '<', '0.05')] },
  ],
  ["HUL's gross margin Q3", { route: 'exact', reference: 'HUL', fiscal_quarter: 3, period: 'quarterly' }],
];

// Measures, names and screens as a new user words them
const NEW_USER: readonly PlanRow[] = [
  ["What was Tata Steel's EBITDA per tonne in Q3 FY25?", { route: 'exact', reference: 'Tata Steel', ...quarter(2025, 3) }],
  [
    'ICICI Bank net profit for Q2 of FY2024-25',
    { route: 'exact', reference: 'ICICI Bank', concepts: ['ProfitAfterTax'], ...quarter(2025, 2) },
  ],
  [
    'Axis Bank PAT YoY growth Q3 FY25',
    { route: 'exact', reference: 'Axis Bank', concepts: ['ProfitAfterTax_growth'], ...quarter(2025, 3) },
  ],
  [
    "What is Asian Paints' operating profit margin for FY24?",
    { route: 'exact', reference: 'Asian Paints', concepts: ['ebit_margin'], fiscal_year: 2024 },
  ],
  [
    'Maruti Suzuki total income for the nine months to December 2024',
    { route: 'exact', reference: 'Maruti Suzuki', concepts: ['TotalIncome'], fiscal_year: 2025, period: 'any' },
  ],
  ["What was Infosys's EPS in FY23?", { route: 'exact', reference: 'Infosys', concepts: ['BasicEarningsPerShare'], fiscal_year: 2023 }],
  ['HCL Tech employee costs Q3FY25', { route: 'exact', reference: 'HCL Tech', concepts: ['EmployeeBenefitExpense'], ...quarter(2025, 3) }],
  ['How much tax did Reliance pay in FY24?', { route: 'exact', reference: 'Reliance', concepts: ['TaxExpense'], fiscal_year: 2024 }],
  ["What is Nestle India's return on net worth?", { route: 'exact', reference: 'Nestle India', concepts: ['return_on_equity'] }],
  ['Hindalco consolidated debt to equity FY24', { route: 'exact', reference: 'Hindalco', concepts: ['debt_to_equity'], fiscal_year: 2024 }],
  [
    'ONGC standalone profit FY24',
    { route: 'exact', reference: 'ONGC', concepts: ['ProfitAfterTax'], fiscal_year: 2024, basis: 'standalone' },
  ],
  ["What's the interest coverage of Tata Motors?", { route: 'exact', reference: 'Tata Motors', concepts: ['interest_coverage'] }],
  ['HDFC Bank deposits growth', { route: 'semantic', reference: 'HDFC Bank', search_text: 'deposits growth' }],
  [
    'How much did Bharti Airtel earn in Q3 FY25?',
    { route: 'exact', reference: 'Bharti Airtel', concepts: ['ProfitAfterTax'], ...quarter(2025, 3) },
  ],
  ['Coal India sales in FY 24', { route: 'exact', reference: 'Coal India', concepts: ['Revenue'], fiscal_year: 2024 }],
  [
    "What was JSW Steel's topline in the third quarter of FY25?",
    { route: 'exact', reference: 'JSW Steel', concepts: ['Revenue'], ...quarter(2025, 3) },
  ],
  ['FII stake in Paytm', { route: 'exact', reference: 'Paytm', concepts: ['fii_pct'] }],
  ['What % of Zomato do mutual funds own?', { route: 'exact', reference: 'Zomato', concepts: ['mutual_fund_pct'] }],
  [
    'Who owns Infosys?',
    {
      route: 'exact',
      reference: 'Infosys',
      concepts: ['promoter_pct', 'fii_pct', 'dii_pct', 'mutual_fund_pct', 'public_pct', 'pledged_pct'],
    },
  ],
  [
    'DII shareholding in Kotak Mahindra Bank over the last four quarters',
    { route: 'exact', reference: 'Kotak Mahindra Bank', concepts: ['dii_pct'], period: 'quarterly' },
  ],
  [
    'Companies with net profit margin more than 20% and FII holding less than 10%',
    {
      route: 'hybrid_screen',
      concepts: ['net_margin', 'fii_pct'],
      filters: [where('net_margin', '>', '0.2'), where('fii_pct', '<', '10')],
    },
  ],
  [
    'Stocks with promoter holding above 60% and pledge below 5%',
    {
      route: 'hybrid_screen',
      concepts: ['promoter_pct', 'pledged_pct'],
      filters: [where('promoter_pct', '>', '60'), where('pledged_pct', '<', '5')],
    },
  ],
  ['Top 20 companies by PAT growth', { route: 'hybrid_screen', concepts: ['ProfitAfterTax_growth'], sort: '-ProfitAfterTax_growth' }],
  [
    'Which companies have the lowest effective tax rate?',
    { route: 'hybrid_screen', concepts: ['effective_tax_rate'], sort: 'effective_tax_rate' },
  ],
  [
    'Companies with negative revenue growth',
    { route: 'hybrid_screen', concepts: ['Revenue_growth'], filters: [where('Revenue_growth', '<', '0')] },
  ],
  [
    'Banks with ROA above 1.5%',
    { route: 'hybrid_screen', concepts: ['return_on_assets'], filters: [where('return_on_assets', '>', '0.015')] },
  ],
  [
    'Companies with debt to equity less than 0.1 and ROE more than 20%',
    {
      route: 'hybrid_screen',
      concepts: ['debt_to_equity', 'return_on_equity'],
      filters: [where('debt_to_equity', '<', '0.1'), where('return_on_equity', '>', '0.2')],
    },
  ],
  [
    'Find stocks with market cap between 20,000 and 50,000 crore',
    { route: 'hybrid_screen', filters: [where('market_cap', '>=', '200000000000'), where('market_cap', '<=', '500000000000')] },
  ],
  [
    'Companies where mutual funds hold over 20%',
    { route: 'hybrid_screen', concepts: ['mutual_fund_pct'], filters: [where('mutual_fund_pct', '>', '20')] },
  ],
  ['Reliance share price on 3 March 2020', { route: 'quote', reference: 'Reliance', price_date: '2020-03-03' }],
  ['What was the market cap of TCS on 31 January 2020?', { route: 'quote', reference: 'TCS', price_date: '2020-01-31' }],
  ['HDFC Bank closing price 14-02-2020', { route: 'quote', reference: 'HDFC Bank', price_date: '2020-02-14' }],
  ['What did Infosys close at on 20 February 2020?', { route: 'quote', reference: 'Infosys', price_date: '2020-02-20' }],
  [
    'Did TCS have negative revenue growth in any year?',
    { route: 'filter', reference: 'TCS', concepts: ['Revenue_growth'], condition: { operator: '<', value: '0', unit: 'ratio' } },
  ],
  [
    'Reasons for the fall in Tata Steel profit in FY24',
    { route: 'hybrid', reference: 'Tata Steel', concepts: ['ProfitAfterTax'], fiscal_year: 2024, search_text: 'fall profit' },
  ],
  ["Is Reliance's debt rising?", { route: 'exact', reference: 'Reliance', concepts: ['Borrowings'] }],
];

// Conversational questions, comparisons of companies, prices on days
const CONVERSATIONAL: readonly PlanRow[] = [
  [
    "Give me Bajaj Finserv's consolidated PAT for the last 4 quarters",
    { route: 'exact', reference: 'Bajaj Finserv', concepts: ['ProfitAfterTax'], period: 'quarterly' },
  ],
  ["What's the OPM of Nestle in FY24?", { route: 'exact', reference: 'Nestle', concepts: ['ebitda_margin'], fiscal_year: 2024 }],
  ['RIL Q1FY25 EBITDA and PAT', { route: 'exact', reference: 'RIL', concepts: ['ebitda', 'ProfitAfterTax'], ...quarter(2025, 1) }],
  [
    "Did Wipro's net profit cross 3,000 crore in any quarter of FY24?",
    {
      route: 'filter',
      reference: 'Wipro',
      concepts: ['ProfitAfterTax'],
      fiscal_year: 2024,
      period: 'quarterly',
      condition: { operator: '>', value: '30000000000', unit: 'INR' },
    },
  ],
  [
    "Quarters in which Infy's EBIT margin was below 20%",
    {
      route: 'filter',
      reference: 'Infy',
      concepts: ['ebit_margin'],
      period: 'quarterly',
      condition: { operator: '<', value: '0.2', unit: 'ratio' },
    },
  ],
  ['TCS attrition Q3', { route: 'semantic', reference: 'TCS', fiscal_quarter: 3, period: 'quarterly', search_text: 'attrition' }],
  ['M&M tractor volumes', { route: 'semantic', reference: 'M&M', search_text: 'tractor volumes' }],
  [
    'What is the interest expense of Tata Steel for 9MFY25?',
    { route: 'exact', reference: 'Tata Steel', concepts: ['FinanceCosts'], fiscal_year: 2025, period: 'any' },
  ],
  [
    'HDFC Bank standalone net profit Q3FY25',
    { route: 'exact', reference: 'HDFC Bank', concepts: ['ProfitAfterTax'], ...quarter(2025, 3), basis: 'standalone' },
  ],
  ['L&T order inflow', { route: 'semantic', reference: 'L&T', search_text: 'order inflow' }],
  ["Kotak's PAT Q2FY25", { route: 'exact', reference: 'Kotak', concepts: ['ProfitAfterTax'], ...quarter(2025, 2) }],
  ['SBI net interest margin', { route: 'exact', reference: 'SBI' }],
  [
    'Adani Ports cash from operations FY24',
    { route: 'exact', reference: 'Adani Ports', concepts: ['NetCashFromOperatingActivities'], fiscal_year: 2024 },
  ],
  ['Has promoter holding in Vodafone Idea fallen?', { route: 'exact', reference: 'Vodafone Idea', concepts: ['promoter_pct'] }],
  [
    'MF holding in HDFC Bank Sep 2024 quarter',
    { route: 'exact', reference: 'HDFC Bank', concepts: ['mutual_fund_pct'], ...quarter(2025, 2) },
  ],
  [
    'FPI holding in Infy as of end of Dec 2024',
    { route: 'exact', reference: 'Infy', concepts: ['fii_pct'], fiscal_year: 2025, fiscal_quarter: 3, period: 'instant' },
  ],
  ['What is the public float in LIC?', { route: 'exact', reference: 'LIC', concepts: ['public_pct'] }],
  ['Top 10 stocks by FII holding', { route: 'hybrid_screen', concepts: ['fii_pct'], sort: '-fii_pct' }],
  ['Stocks with highest mutual fund ownership', { route: 'hybrid_screen', concepts: ['mutual_fund_pct'], sort: '-mutual_fund_pct' }],
  ['Which PSU has the highest ROE?', { route: 'hybrid_screen', concepts: ['return_on_equity'], sort: '-return_on_equity' }],
  [
    'Companies with promoter holding below 40% and FII above 30%',
    {
      route: 'hybrid_screen',
      concepts: ['promoter_pct', 'fii_pct'],
      filters: [where('promoter_pct', '<', '40'), where('fii_pct', '>', '30')],
    },
  ],
  [
    'Mid caps with EPS growth over 25%',
    { route: 'hybrid_screen', concepts: ['BasicEarningsPerShare_growth'], filters: [where('BasicEarningsPerShare_growth', '>', '0.25')] },
  ],
  [
    'List firms where D/E is under 0.5 and interest cover above 10',
    {
      route: 'hybrid_screen',
      concepts: ['debt_to_equity', 'interest_coverage'],
      filters: [where('debt_to_equity', '<', '0.5'), where('interest_coverage', '>', '10')],
    },
  ],
  [
    'Companies with mcap over 50,000 crore and OPM more than 20%',
    {
      route: 'hybrid_screen',
      concepts: ['ebitda_margin'],
      filters: [where('market_cap', '>', '500000000000'), where('ebitda_margin', '>', '0.2')],
    },
  ],
  [
    'Stocks priced under Rs 200 with ROE above 15%',
    {
      route: 'hybrid_screen',
      concepts: ['return_on_equity'],
      filters: [where('price', '<', '200'), where('return_on_equity', '>', '0.15')],
    },
  ],
  ['HUL share price on 2 January 2020', { route: 'quote', reference: 'HUL', price_date: '2020-01-02' }],
  ['Bajaj Finance market cap on 14 Feb 2020', { route: 'quote', reference: 'Bajaj Finance', price_date: '2020-02-14' }],
  ['What was Infy trading at on 10 January 2020?', { route: 'quote', reference: 'Infy', price_date: '2020-01-10' }],
  ['Why did Infosys cut its guidance?', { route: 'semantic', reference: 'Infosys', search_text: 'cut guidance' }],
  [
    'What did HUL say about rural demand in Q3 FY25?',
    { route: 'semantic', reference: 'HUL', ...quarter(2025, 3), search_text: 'rural demand' },
  ],
  [
    "Explain the jump in Bharti Airtel's PAT in Q3 FY25",
    { route: 'hybrid', reference: 'Bharti Airtel', concepts: ['ProfitAfterTax'], ...quarter(2025, 3), search_text: 'jump PAT' },
  ],
  [
    'TCS and Infosys revenue FY24',
    { route: 'exact', reference: 'TCS', concepts: ['Revenue'], fiscal_year: 2024, references: ['TCS', 'Infosys'] },
  ],
  [
    'Compare HUL and ITC net margin FY24',
    { route: 'exact', reference: 'HUL', concepts: ['net_margin'], fiscal_year: 2024, references: ['HUL', 'ITC'] },
  ],
  ['RIL vs ONGC EBITDA FY24', { route: 'exact', reference: 'RIL', concepts: ['ebitda'], fiscal_year: 2024, references: ['RIL', 'ONGC'] }],
  [
    'SBI, PNB and BoB net profit FY24',
    { route: 'exact', reference: 'SBI', concepts: ['ProfitAfterTax'], fiscal_year: 2024, references: ['SBI', 'PNB', 'BoB'] },
  ],
  [
    'Tata Steel vs JSW Steel debt-equity FY24',
    { route: 'exact', reference: 'Tata Steel', concepts: ['debt_to_equity'], fiscal_year: 2024, references: ['Tata Steel', 'JSW Steel'] },
  ],
];

describe('planQuestion: analysts’ wording', () => {
  itPlansEach(FIGURES);
  itPlansEach(RATIOS);
  itPlansEach(OWNERS);
  itPlansEach(QUOTES);
  itPlansEach(DATED_PRICES);
  itPlansEach(OWNERSHIP_CHANGES);
  itPlansEach(SCREENS);
  itPlansEach(CONDITIONS);
  itPlansEach(MORE_FORMS);
  itPlansEach(NEW_USER);
  itPlansEach(CONVERSATIONAL);
});
