import { CATEGORY_RULES } from './category-rules.ts';
import { normaliseCategory, normaliseSubject } from './normalise-subject.ts';
import { type DisclosureType, GENERIC_SUBJECT_RULES, type SubjectRule, SUBJECT_RULES } from './subject-rules.ts';

const OTHER: DisclosureType = { eventType: 'other', documentType: null };

function firstMatch(rules: readonly SubjectRule[], text: string): DisclosureType | undefined {
  const found = rules.find((rule) => rule.phrases.some((phrase) => phrase.test(text)));
  return found && { eventType: found.eventType, documentType: found.documentType };
}

/**
 * The event type of a disclosure, and the filing type of its document where one fits: the
 * first specific subject rule that matches, else the exchange category's type, else the
 * first generic subject rule ("outcome of board meeting", "Regulation 30"), else `other`.
 * Pure and table-driven (subject-rules.ts, category-rules.ts). The body of an announcement
 * is not read: long texts mention many things in passing (a board meeting notice also
 * announces the closure of the trading window).
 */
export function classifyDisclosure(subject: string | null, category: string | null): DisclosureType {
  const text = subject ? normaliseSubject(subject) : '';
  return (
    firstMatch(SUBJECT_RULES, text) ??
    (category ? CATEGORY_RULES[normaliseCategory(category)] : undefined) ??
    firstMatch(GENERIC_SUBJECT_RULES, text) ??
    OTHER
  );
}
