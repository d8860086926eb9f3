/**
 * The SQL that matches a query ($1) against a name column and a ticker column, shared by
 * company and security search. $2 is the escaped LIKE prefix of a ticker-like query (null
 * otherwise) and $3 that ticker ('' otherwise); without a ticker column (a former name) only
 * $1 is used. Trigram similarity on normalised names (search_normalise_name, migrations 0005
 * and 0010), names containing the query from the start of a word ("consultancy" in "tata
 * consultancy services", never "t s" in "gujarat state"), and tickers starting with the
 * query. The first LIKE can use a trigram index; the second checks the word start.
 * Normalised text holds only [a-z0-9 ], so it cannot carry a LIKE wildcard. Every branch of
 * the filter can use an index, so the disjunction is one BitmapOr.
 */
export function nameMatchSql(name: string, ticker: string | null) {
  const normal = `search_normalise_name(${name})`;
  const query = 'search_normalise_name($1)';
  const similar = `((similarity(${normal}, ${query}) + word_similarity(${query}, ${normal})) / 2)::float8`;
  const wordStart = `strpos(' ' || ${normal}, ' ' || ${query}) > 0`;
  const nameMatches = `${normal} % ${query}
        or ${query} <% ${normal}
        or (${normal} like '%' || ${query} || '%' and ' ' || ${normal} like '% ' || ${query} || '%')`;
  if (ticker === null) {
    return { score: similar, contains: `(${wordStart})`, matches: `${query} <> '' and (${nameMatches})` };
  }
  return {
    /** The mean of similarity and word_similarity, or for a ticker prefix 0.5 + 0.45 × the share of the ticker typed. */
    score: `greatest(
        ${similar},
        case when ${ticker} like $2 escape '\\' then 0.5 + 0.45 * length($3::text)::float8 / length(${ticker}) else 0 end
      )::float8`,
    /** Whether the name holds the query from a word start, or the ticker starts with it. */
    contains: `(${wordStart} or coalesce(${ticker} like $2 escape '\\', false))`,
    /** The filter: any of the matches above, for a query that is not empty once normalised. */
    matches: `${query} <> '' and (
        ${nameMatches}
        or ${ticker} like $2 escape '\\')`,
  };
}
