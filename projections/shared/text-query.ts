/**
 * Words to find in filings and disclosures, as the searches over their tsvectors read them:
 * whole words through PostgreSQL full text (english stemming), never substrings, so "RSU"
 * never matches "pursuant". A document matches when it holds any term, and ranks by how many
 * it holds (textQueryCtes, termsMatched): "press release revenue" finds a press release that
 * never says revenue, after the documents that hold all three words.
 */
export interface TextQuery {
  /** Each term: a word, or the words of a "quoted phrase" (which must occur in order). */
  readonly terms: readonly string[];
  /** Per term, the other number of the word ("RSU" and "RSUs"), or null for a phrase. */
  readonly variants: ReadonlyArray<string | null>;
  /** Words after a minus sign: a document holding any of them is left out. */
  readonly excluded: readonly string[];
}

/** More terms say little more and cost a tsquery match each per document. */
export const MAX_TERMS = 16;

// Letters and digits only: what the text-search parser makes words of (and no tsquery syntax).
const WORD = /[\p{L}\p{N}]+/gu;
const TOKEN = /"([^"]*)"?|(-?)([^\s"]+)/gu;

/**
 * The other number of a word: the english stemmer leaves some plurals apart from their
 * singular ("RSUs" stays "rsus", "NCDs" "ncds", where "grants" becomes "grant"), so each
 * word is also searched with an "s" added or taken away. A variant that is no word matches
 * nothing.
 */
export function otherNumber(word: string): string {
  return /[^s]s$/i.test(word) ? word.slice(0, -1) : `${word}s`;
}

/**
 * The terms of a query typed as for a web search: words, "quoted phrases", and -excluded
 * words; "or" is not a term (every word is optional already). Pure; the words reach SQL
 * only as parameters.
 */
export function parseTextQuery(text: string): TextQuery {
  const terms: string[] = [];
  const variants: Array<string | null> = [];
  const excluded: string[] = [];
  const add = (term: string, variant: string | null) => {
    if (terms.length >= MAX_TERMS || terms.some((t) => t.toLowerCase() === term.toLowerCase())) return;
    terms.push(term);
    variants.push(variant);
  };
  for (const [, phrase, minus, token] of text.matchAll(TOKEN)) {
    if (phrase !== undefined) {
      const words = phrase.match(WORD) ?? [];
      if (words.length === 1) add(words[0], otherNumber(words[0]));
      else if (words.length > 1) add(words.join(' '), null);
    } else if (minus) {
      excluded.push(...(token?.match(WORD) ?? []));
    } else {
      for (const word of token?.match(WORD) ?? []) if (word.toLowerCase() !== 'or') add(word, otherNumber(word));
    }
  }
  return { terms, variants, excluded };
}

/** The parameters textQueryCtes reads, in its order. */
export const textQueryParams = (query: TextQuery): unknown[] => [query.terms, query.variants, query.excluded];

/**
 * Two CTEs from the parameters $n, $n+1, $n+2 (textQueryParams): `terms` (one tsquery per
 * term holding its word and the word's other number, or its phrase; stop words dropped) and
 * `text_query` (`any_term`: every term or'ed, null when none is left, so nothing matches;
 * `excluded`; `term_count`). A tsquery's text form is always valid tsquery input, so the
 * or'ed text can be read back.
 */
export function textQueryCtes(first: number): string {
  const [terms, variants, excluded] = [first, first + 1, first + 2].map((n) => `$${n}`);
  // A term given twice ("Dividend dividends" stems alike) is counted once.
  return `terms as (
      select distinct on (tsq::text) tsq from (
        select case when t.variant is null then phraseto_tsquery('english', t.term)
                    else plainto_tsquery('english', t.term) || plainto_tsquery('english', t.variant) end as tsq
        from unnest(${terms}::text[], ${variants}::text[]) as t(term, variant)
        where numnode(plainto_tsquery('english', t.term)) > 0
      ) each_term
    ),
    text_query as (
      select (select string_agg('(' || tsq::text || ')', ' | ')::tsquery from terms) as any_term,
        (select string_agg('(' || plainto_tsquery('english', e)::text || ')', ' | ')::tsquery
           from unnest(${excluded}::text[]) as e where numnode(plainto_tsquery('english', e)) > 0) as excluded,
        (select count(*)::int from terms) as term_count
    )`;
}

/** How many of the terms the tsvectors hold, together (a title and a text). */
export const termsMatched = (...vectors: string[]): string =>
  `(select count(*)::int from terms where ${vectors.map((v) => `coalesce(${v} @@ terms.tsq, false)`).join(' or ')})`;

/** Whether the tsvectors, together, hold an excluded word; `q` is text_query. */
export const holdsExcluded = (q: string, ...vectors: string[]): string =>
  `(${vectors.map((v) => `coalesce(${v} @@ ${q}.excluded, false)`).join(' or ')})`;
