import type { CompanyIdentity, Fact } from '#schemas/read-models';
import { companyPhrase } from './company-phrase.ts';
import { conceptLabel } from './labels.ts';
import { inrScaleOf } from '#domain/indian-text';
import { decimalOf, renderInr, renderPercent, renderPlain } from './number-forms.ts';
import { periodPhrase } from './period-phrase.ts';
import { cite, piece, type Piece } from './piece.ts';
import { filingPhrase } from './provenance-phrase.ts';
import { factSource } from './value-source.ts';

/** A fact's value: rupees in the filing's scale (crore, lakh), per-share amounts in rupees, percentages with %. */
export function renderFactValue(fact: Pick<Fact, 'value' | 'unit' | 'scale'>): { readonly number: string; readonly words: string } {
  const value = decimalOf(fact.value);
  switch (fact.unit) {
    case 'INR':
      return { number: renderInr(value, inrScaleOf(fact.scale)), words: '' };
    case 'INR/share':
      return { number: renderInr(value, 'rupees', 2), words: ' per share' };
    case '%':
      return { number: renderPercent(value), words: '' };
    case 'shares':
      return { number: renderPlain(value), words: ' shares' };
    case 'pure':
      return { number: renderPlain(value), words: '' };
  }
}

/** The company a line is about, written out only when it is not the packet's company. */
export const subjectOf = (company: CompanyIdentity, packetCompany: CompanyIdentity | null): string =>
  packetCompany?.id === company.id ? '' : `${companyPhrase(company)}: `;

/**
 * "Revenue from operations was ₹5,927.38 crore for the quarter ended 31 December 2024
 * (Q3 FY2025; consolidated; filing …, known at 2025-01-31 13:15 UTC)."
 */
export function factSentence(fact: Fact, packetCompany: CompanyIdentity | null): Piece {
  const { number, words } = renderFactValue(fact);
  const period = periodPhrase(fact.period);
  const notes = [period.label, fact.basis, filingPhrase(fact.filing_id, fact.known_at)].filter((n) => n !== undefined);
  const text = `${subjectOf(fact.company, packetCompany)}${conceptLabel(fact.concept)} was ${number}${words} ${period.phrase} (${notes.join('; ')}).`;
  return piece(text, [cite(number, factSource(fact))]);
}
