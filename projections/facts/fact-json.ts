// Uuids, dates, decimals and integers are written as PostgreSQL writes them, which needs no
// escaping.
const quoted = (column: string) => `coalesce('"' || ${column}::text || '"', 'null')`;
const number = (column: string) => `coalesce(${column}::text, 'null')`;
// Date#toISOString's form: milliseconds, UTC, `Z`. The colons are written as \072 so that the
// text has no `:name`, which pgbench would read as a variable: the benchmarks run it as it is.
const instant = (column: string) => `'"' || to_char(${column} at time zone 'UTC', E'YYYY-MM-DD"T"HH24\\072MI\\072SS.MS"Z"') || '"'`;

/** The text columns of a fact, which may hold any character. */
const TEXT_COLUMNS = [
  'name',
  'nse_symbol',
  'bse_code',
  'isin',
  'cin',
  'concept',
  'basis',
  'period_type',
  'unit',
  'scale',
  'document_type',
  'source_url',
  'element',
] as const;
type TextColumn = (typeof TEXT_COLUMNS)[number];

/** The fact's JSON with each text column written by `text`. */
const factObject = (f: string, text: (column: TextColumn) => string): string => `concat(
    '{"company":{"id":', ${quoted(`${f}.company_id`)},
    ',"name":', ${text('name')},
    ',"nse_symbol":', ${text('nse_symbol')},
    ',"bse_code":', ${text('bse_code')},
    ',"isin":', ${text('isin')},
    ',"cin":', ${text('cin')},
    '},"concept":', ${text('concept')},
    ',"basis":', ${text('basis')},
    ',"period":{"type":', ${text('period_type')},
    ',"start":', ${quoted(`${f}.period_start`)},
    ',"end":', ${quoted(`${f}.period_end`)},
    ',"fiscal_year":', ${number(`${f}.fiscal_year`)},
    ',"fiscal_quarter":', ${number(`${f}.fiscal_quarter`)},
    '},"value":', ${quoted(`${f}.value`)},
    ',"unit":', ${text('unit')},
    ',"decimals":', ${number(`${f}.decimals`)},
    ',"scale":', ${text('scale')},
    ',"filing_id":', ${quoted(`${f}.filing_id`)},
    ',"document_type":', ${text('document_type')},
    ',"source_url":', ${text('source_url')},
    ',"element":', ${text('element')},
    ',"known_at":', ${instant(`${f}.known_at`)},
    ',"recorded_at":', ${instant(`${f}.recorded_at`)},
    ',"revision_number":', ${number(`${f}.revision_number`)},
    '}')`;

// What JSON.stringify escapes in a string: the quote, the backslash and control characters.
// (The regular expression is written with PostgreSQL's escapes, so its text holds none of them.)
const NEEDS_ESCAPE = String.raw`'["\\\x01-\x1f]'`;

/**
 * The SQL expression of the text `JSON.stringify(toFact(row))` writes for a row `f` of
 * `SELECT_FACT`'s columns, written by PostgreSQL: the same keys in the same order, strings
 * escaped as JSON.stringify escapes them, the decimal value as the text `pg` reads it,
 * instants as `toISOString` writes them. One `concat` a row, so each piece is appended once.
 * A row's texts are tested once for a character JSON must escape; almost none has one, and
 * those are quoted plainly, the rest go through `to_json`, which escapes as JSON.stringify
 * does (one test a row costs the database a fraction of thirteen `to_json` calls). A reader
 * then takes one column a row, or one for a whole page (`factPageJsonQuery`), instead of 25
 * a row, and builds no objects. facts-from-text.int.spec.ts checks the text byte for byte
 * against `JSON.stringify(toFact(row))` on both databases, with texts that need escaping and
 * texts that do not, and test/e2e/api-financials-export.e2e.spec.ts the export's lines against
 * /v1/financials; a field added to `Fact` is added here too.
 */
export const factJson = (f: string): string => `case
    when concat(${TEXT_COLUMNS.map((column) => `${f}.${column}`).join(', ')}) ~ ${NEEDS_ESCAPE}
    then ${factObject(f, (column) => `coalesce(to_json(${f}.${column})::text, 'null')`)}
    else ${factObject(f, (column) => `coalesce('"' || ${f}.${column} || '"', 'null')`)}
  end`;

const orderBy = (keys: readonly string[], direction = '') => keys.map((key) => `${key}${direction}`).join(', ');

/**
 * One page of facts as one row, from a statement `page` of `SELECT_FACT`'s columns: `json`
 * the facts' JSON text (`factJson`) in the page's `order` (expressions on `f`, ascending),
 * joined by commas (null when there are none), `count` how many, and `last` the last fact's
 * order keys as text. The process
 * reads one column for the whole page: neither decodes nor builds nor serialises a fact.
 */
export function factPageJsonQuery(page: string, order: readonly string[]): string {
  const keys = order.map((key, index) => `${key} as k${index}`).join(', ');
  const ordered = order.map((_, index) => `p.k${index}`);
  return `with page as materialized (
      select ${factJson('f')} as json, ${keys}
      from (${page}) f
    )
    select (select string_agg(p.json, ',' order by ${orderBy(ordered)}) from page p) as json,
           (select count(*)::int from page) as count,
           (select array[${ordered.map((key) => `${key}::text`).join(', ')}] from page p order by ${orderBy(ordered, ' desc')} limit 1) as last`;
}

/** A row of `factPageJsonQuery`. */
export interface FactPageJsonRow {
  readonly json: string | null;
  readonly count: number;
  readonly last: string[] | null;
}
