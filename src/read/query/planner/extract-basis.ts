import { type Span, spanOf } from './spans.ts';

/** What the question says about the basis. */
export interface BasisRead {
  readonly basis: 'consolidated' | 'standalone';
  readonly spans: readonly Span[];
  readonly notes: readonly string[];
}

const BASIS = /\b(?:(standalone|stand[\s-]alone|unconsolidated|solo)|(consolidated|group[\s-]level))\b(?:\s+basis\b)?/gi;

/**
 * Consolidated unless only standalone figures are asked for: consolidated is the plan's
 * default and what Indian results lead with. Both named: consolidated, and noted.
 */
export function extractBasis(text: string): BasisRead {
  const matches = [...text.matchAll(BASIS)];
  const standalone = matches.some((m) => m[1] !== undefined);
  const consolidated = matches.some((m) => m[2] !== undefined);
  const spans = matches.map(spanOf);
  if (standalone && consolidated)
    return { basis: 'consolidated', spans, notes: ['basis: both named; a plan holds one, consolidated is used'] };
  return { basis: standalone ? 'standalone' : 'consolidated', spans, notes: standalone ? ['basis: standalone'] : [] };
}
