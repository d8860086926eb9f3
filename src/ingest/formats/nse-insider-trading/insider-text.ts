/** What a disclosure's subject and summary are made of: cells as published, placeholders as null. */
export interface InsiderDisclosureFacts {
  readonly company: string | null;
  readonly regulation: string | null;
  readonly person: string;
  readonly personCategory: string | null;
  readonly transactionType: string | null;
  readonly securityType: string | null;
  readonly mode: string | null;
  readonly from: string | null;
  readonly to: string | null;
  readonly intimatedOn: string | null;
}

/** "Insider trading disclosure (Reg 7(2)) by Arijit Mukherjee, Director". */
export function insiderSubject(facts: InsiderDisclosureFacts): string {
  const regulation = facts.regulation ? ` (Reg ${facts.regulation})` : '';
  const category = facts.personCategory ? `, ${facts.personCategory}` : '';
  return `Insider trading disclosure${regulation} by ${facts.person}${category}`;
}

/**
 * A short neutral summary in words, as NSE's listing shows it: who, under which regulation,
 * the kind of transaction and its dates. Quantities, values and holdings are deliberately
 * left in the XBRL disclosure: insider activity is a document here, not a trade record.
 */
export function insiderSummary(facts: InsiderDisclosureFacts): string {
  const regulation = facts.regulation
    ? `under Regulation ${facts.regulation} of the SEBI (Prohibition of Insider Trading) Regulations, 2015`
    : 'under the SEBI (Prohibition of Insider Trading) Regulations, 2015';
  const who = `${facts.person}${facts.personCategory ? ` (${facts.personCategory})` : ''}`;
  const what = [
    facts.transactionType && `transaction type ${facts.transactionType}`,
    facts.securityType && `security ${facts.securityType}`,
    facts.mode && `mode ${facts.mode}`,
    facts.from && facts.to && `dated ${facts.from} to ${facts.to}`,
    facts.intimatedOn && `intimated to the company on ${facts.intimatedOn}`,
  ].filter(Boolean);
  const by = facts.company ? `${facts.company} disclosed` : 'Disclosure';
  return `${by} ${regulation} a transaction by ${who}${what.length ? `: ${what.join('; ')}` : ''}. Quantities, values and holdings are in the XBRL disclosure.`;
}
