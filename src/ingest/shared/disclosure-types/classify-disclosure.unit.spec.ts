import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../../test/support/parse-input.ts';
import { CATEGORY_RULES } from './category-rules.ts';
import { classifyDisclosure } from './classify-disclosure.ts';
import { DISCLOSURE_EVENT_TYPES } from './disclosure-event-types.ts';
import { GENERIC_SUBJECT_RULES, SUBJECT_RULES } from './subject-rules.ts';

/**
 * Real headlines and categories from BSE's announcements of 21 Aug 2021
 * (fixtures/bse-announcements), with the reading each should get: [category, headline,
 * eventType, documentType].
 */
const BSE_SUBJECTS: ReadonlyArray<readonly [string, string, string, string | null]> = [
  ['Company Update', 'Announcement Under Regulation 30 (LODR) - Updates', 'regulatory_update', null],
  [
    'Board Meeting',
    'Board Meeting Intimation for For Shorter Notice Of Board Meeting For The Approval Of Financial Results',
    'board_meeting',
    null,
  ],
  ['Result', 'Quarterly Financial Results For The Period Ended June 30, 2021.', 'financial_results', 'financial_results'],
  ['Company Update', 'Announcement under Regulation 30 (LODR)-Credit Rating', 'credit_rating', 'credit_rating'],
  ['AGM/EGM', 'Annual General Meeting - Scrutinizers Report And Voting Results', 'agm_egm', null],
  [
    'Result',
    'Board Meeting Outcome for Outcome Of Board Meeting Held On Saturday, August 21, 2021 And Unaudited Financial Results For The 1ST Quarter Ended June 31, 2021 (Standalone And Consolidated)',
    'financial_results',
    'financial_results',
  ],
  ['Result', 'Board Meeting Outcome for Outcome Of Third Board Meeting Held Today', 'financial_results', 'financial_results'],
  ['Result', 'Results - Financial Year Ended March 31, 2021', 'financial_results', 'financial_results'],
  ['Result', 'Related Party Transactions For The Half Year Ended On 31-03-2021', 'regulatory_update', null],
  ['Result', 'Announcement under Regulation 30 (LODR)-Meeting Updates', 'financial_results', 'financial_results'],
  ['Board Meeting', 'Board Meeting Intimation for Fund Raising', 'board_meeting', null],
  ['Board Meeting', 'Board Meeting Intimation for Approval Of AGM Notice And Book Closure', 'board_meeting', null],
  [
    'Board Meeting',
    'Board Meeting Outcome for Board Meeting Outcome - Preferential Allotment Of Shares & Convertible Warrants',
    'securities_issue',
    null,
  ],
  ['', 'Board Meeting Outcome for New Independent Director Appoint & Resignation Of Old Director', 'change_in_management', null],
  ['', 'Board Meeting Outcome for Outcome Of Board Meeting: Extension Of Annual General Meeting', 'agm_egm', null],
  ['', 'Compliances-Reg. 39 (3) - Details of Loss of Certificate / Duplicate Certificate', 'regulatory_update', null],
  ['Company Update', 'Correction In Outcome Of BM Dated 20Th August, 2021', 'board_meeting', null],
  [
    'Company Update',
    'Clarification About Intimation Of Outcome Of Board Meeting Held On 21St August 2021 Under Regulation 30 Of The SEBI (Listing Obligations And Disclosure Requirements) Regulations, 2015 ("SEBI Listing Regulations")',
    'clarification',
    null,
  ],
  [
    'AGM/EGM',
    'Annual Report For The Financial Year 2020-21 Along With Notice For The 37Th Annual General Meeting',
    'annual_report',
    'annual_report',
  ],
  ['Company Update', '95Th Annual Report With AGM Notice For FY 2020-2021', 'annual_report', 'annual_report'],
  ['AGM/EGM', "Shareholder Meeting / Postal Ballot-Scrutinizer''s Report", 'agm_egm', null],
  ['AGM/EGM', 'Notice Of 82Nd AGM To Be Held On 14.09.2021', 'agm_egm', null],
  ['Corp. Action', 'Fixes Book Closure For 29Th Annual General Meeting', 'agm_egm', null],
  ['Corp. Action', 'Intimation Regarding Dates Of Book Closure', 'corporate_action', null],
  [
    'Corp. Action',
    'Intimation Of Book Closure For The Purpose Of 27Th Annual General Meeting And Payment Of Final Dividend For Financial Year 2020-21 In Terms Of Regulation 42 Of The SEBI (LODR) Regulations, 2015.',
    'dividend',
    'dividend',
  ],
  ['Corp Action', 'Board recommends Dividend (AGM on Sept 25, 2021)', 'dividend', 'dividend'],
  ['Corp Action', 'Announcement under Regulation 30 (LODR)-Dividend Updates', 'dividend', 'dividend'],
  ['Company Update', 'Communication To Shareholders - Intimation On Tax Deduction On Dividend', 'dividend', 'dividend'],
  ['Company Update', 'Corporate Action-Updates on Delisting', 'corporate_action', null],
  ['Company Update', 'Announcement under Regulation 30 (LODR)-Earnings Call Transcript', 'earnings_call', 'earnings_call_transcript'],
  ['Company Update', 'Announcement under Regulation 30 (LODR)-Analyst / Investor Meet - Intimation', 'earnings_call', null],
  ['Company Update', 'Intimation Of Schedule Of Earnings Webinar', 'earnings_call', null],
  ['Company Update', 'Announcement under Regulation 30 (LODR)-Investor Presentation', 'investor_presentation', 'investor_presentation'],
  ['Company Update', 'Announcement under Regulation 30 (LODR)-Press Release / Media Release', 'press_release', 'investor_presentation'],
  ['Company Update', 'Announcement under Regulation 30 (LODR)-Change in Directorate', 'change_in_management', null],
  ['Company Update', 'Announcement under Regulation 30 (LODR)-Resignation of Statutory Auditors', 'change_in_management', null],
  ['Company Update', 'Announcement under Regulation 30 (LODR)-Demise', 'change_in_management', null],
  ['Company Update', 'Appointment of Company Secretary and Compliance Officer', 'change_in_management', null],
  ['Company Update', 'Announcement under Regulation 30 (LODR)-Allotment of ESOP / ESPS', 'securities_issue', null],
  ['Company Update', 'Announcement under Regulation 30 (LODR)-Preferential Issue', 'securities_issue', null],
  ['Company Update', 'Shareholding for the Period Ended August 13, 2021', 'shareholding', 'shareholding_pattern'],
  [
    'Company Update',
    'Disclosure Under Regulation 7(2)(B) Of SEBI (Prohibition Of Insider Trading) Regulations, 2015',
    'insider_trading',
    'insider_trading',
  ],
  ['Insider Trading / SAST', 'Disclosures under Reg. 29(2) of SEBI (SAST) Regulations, 2011', 'substantial_acquisition', null],
  ['Insider Trading / SAST', 'Disclosures under Reg. 31(1) and 31(2) of SEBI (SAST) Regulations, 2011.', 'substantial_acquisition', null],
  [
    'Company Update',
    'Disclosure Of Shareholding Under Regulation 29<BR> Of SEBI (Substantial Acquisition Of Shares And Takeovers) Regulations, 2011<BR>',
    'substantial_acquisition',
    null,
  ],
  ['Company Update', 'Intimation Under Regulation 10(5) Of SEBI (SAST) Regulations, 2011', 'substantial_acquisition', null],
  ['Company Update', 'Intimation Of Incorporation Of A Wholly Owned Subsidiary Company', 'acquisition', null],
  [
    'Company Update',
    "Outcome/Result Of The Meetings Of The Equity Shareholders, Secured Creditors And Unsecured Creditors Of Jupiter Wagons Limited, Held On 16 August 2021 By Virtue Of The Order Dated 28 June 2021 Passed By The Hon'Ble National Company Law Tribunal, Kolkata Bench ('NCLT').",
    'scheme_of_arrangement',
    null,
  ],
  ['Company Update', 'Announcement under Regulation 30 (LODR)-Memorandum of Understanding /Agreements', 'order_or_contract', null],
  [
    'Company Update',
    'Intimation Of Receipt Of Contract, In Accordance With Regulation 30 And Other Applicable Provisions Of The Securities And Exchange Board Of India (Listing Obligations And Disclosure Requirements) Regulations, 2015 ("SEBI Listing Regulations")',
    'order_or_contract',
    null,
  ],
  ['Company Update', 'Announcement under Regulation 30 (LODR)-Newspaper Publication', 'newspaper_publication', null],
  [
    'Company Update',
    'Announcement under Regulation 30 (LODR)-Amendments to Memorandum & Articles of Association',
    'regulatory_update',
    null,
  ],
  ['Company Update', 'Intimation Of Receiving The Amrop ET Best Board Award', 'other', null],
  ['Company Update', 'Service Capability Expansion By Debt Raise', 'other', null],
  // Subjects BSE left empty: the headline is More Info's first line.
  [
    'Board Meeting',
    'INTERWORLD DIGITAL LTD.-has informed BSE that the meeting of the Board of Directors of the Company is scheduled on 30/08/2021 ,inter alia, to consider and approve',
    'board_meeting',
    null,
  ],
  [
    'Corp. Action',
    'Suratwwala Business Group Ltd has informed BSE that a meeting of Board of Directors of the Company is scheduled to be',
    'board_meeting',
    null,
  ],
];

/** NSE's subjects (its `desc`, which is also its category). */
const NSE_SUBJECTS: ReadonlyArray<readonly [string, string, string | null]> = [
  ['Financial Result Updates', 'financial_results', 'financial_results'],
  ['Integrated Filing- Financials', 'financial_results', 'financial_results'],
  ['Outcome of Board Meeting', 'board_meeting', null],
  ['Board Meeting Intimation', 'board_meeting', null],
  ['Analysts/Institutional Investor Meet/Con. Call Updates', 'earnings_call', null],
  ['Credit Rating', 'credit_rating', 'credit_rating'],
  ['Investor Presentation', 'investor_presentation', 'investor_presentation'],
  ['Press Release', 'press_release', 'investor_presentation'],
  ['Change in Directors/ Key Managerial Personnel/ Auditor/ Compliance Officer/ Share Transfer Agent', 'change_in_management', null],
  ['Appointment', 'change_in_management', null],
  ['Shareholders meeting', 'agm_egm', null],
  ['Record Date', 'corporate_action', null],
  ['Dividend', 'dividend', 'dividend'],
  ['Acquisition', 'acquisition', null],
  ['Copy of Newspaper Publication', 'newspaper_publication', null],
  ['Allotment of Securities', 'securities_issue', null],
  ['Loss/Duplicate-Share Certificate-XBRL', 'regulatory_update', null],
  ['Trading Window-XBRL', 'regulatory_update', null],
  ['Monitoring Agency Report', 'regulatory_update', null],
  ['Disclosure Under Regulation 51', 'regulatory_update', null],
  ['Action(s) initiated or orders passed', 'legal_or_regulatory_action', null],
  ['Award of Order / Receipt of Order', 'order_or_contract', null],
  ['Spurt in Volume', 'clarification', null],
  ['Annual Report', 'annual_report', 'annual_report'],
  ['Amendment to AOA/MOA', 'other', null],
  ['General Updates', 'other', null],
];

describe('classifyDisclosure', () => {
  it.each(BSE_SUBJECTS)('BSE [%s] %s → %s', (category, headline, eventType, documentType) => {
    expect(classifyDisclosure(headline, category || null)).toEqual({ eventType, documentType });
  });

  it.each(NSE_SUBJECTS)('NSE %s → %s', (desc, eventType, documentType) => {
    expect(classifyDisclosure(desc, desc)).toEqual({ eventType, documentType });
  });

  it('falls back on the category, then on other', () => {
    expect(classifyDisclosure('Something new', 'AGM/EGM')).toEqual({ eventType: 'agm_egm', documentType: null });
    expect(classifyDisclosure(null, 'Corp. Action')).toEqual({ eventType: 'corporate_action', documentType: null });
    expect(classifyDisclosure('Something new', 'Insider Trading / SAST')).toEqual({
      eventType: 'insider_trading',
      documentType: 'insider_trading',
    });
    expect(classifyDisclosure('Something new', 'Company Update')).toEqual({ eventType: 'other', documentType: null });
    expect(classifyDisclosure(null, null)).toEqual({ eventType: 'other', documentType: null });
  });

  it('is deterministic: the same input, the same reading', () => {
    for (const [category, headline] of BSE_SUBJECTS) {
      expect(classifyDisclosure(headline, category)).toEqual(classifyDisclosure(headline, category));
    }
  });
});

describe('the event-type dictionary', () => {
  const ruleTypes = [...SUBJECT_RULES, ...GENERIC_SUBJECT_RULES, ...Object.values(CATEGORY_RULES)].map((rule) => rule.eventType);

  it('uses every event type it lists, and only those', () => {
    expect(new Set([...ruleTypes, 'other'])).toEqual(new Set(DISCLOSURE_EVENT_TYPES));
  });

  it('documents every event type in docs/event-types.md', () => {
    const doc = readFileSync(path.join(REPO_ROOT, 'docs/event-types.md'), 'utf8');
    const headed = [...doc.matchAll(/^### `([a-z_]+)`/gm)].map((m) => m[1]);
    expect(headed).toEqual([...DISCLOSURE_EVENT_TYPES]);
  });
});
