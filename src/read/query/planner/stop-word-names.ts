import { type Span, spanOf } from './spans.ts';

// Listed companies whose names start with a stop word, so the name-word reader would cut
// them ("Yes Bank" read as "Bank"). Matched in any case; a possessive stays outside.
const NAMES = /\b(?:yes\s+bank|just\s*dial)(?:\s+(?:ltd\.?|limited))?(?='s\b|s'|\b)/gi;

/** Where the question writes a company name that begins with a stop word. */
export const stopWordNames = (text: string): Span[] => [...text.matchAll(NAMES)].map(spanOf);
