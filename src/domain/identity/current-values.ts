import { isEquityShareIsin } from './isin.ts';
import { type ClaimView, sequenceOf } from './claim-view.ts';
import type { ClaimScheme } from './claim.ts';
import { groupBy } from './group-by.ts';
import { nameTier, type SourceKind } from './source-kind.ts';

type Order = (a: ClaimView, b: ClaimView) => number;

const by =
  (...orders: Order[]): Order =>
  (a, b) => {
    for (const order of orders) {
      const d = order(a, b);
      if (d !== 0) return d;
    }
    return 0;
  };
const desc =
  (f: (c: ClaimView) => string | number): Order =>
  (a, b) =>
    f(a) < f(b) ? 1 : f(a) > f(b) ? -1 : 0;
const asc =
  (f: (c: ClaimView) => string | number): Order =>
  (a, b) =>
    -desc(f)(a, b);
const first =
  (test: (c: ClaimView) => boolean): Order =>
  (a, b) =>
    Number(test(b)) - Number(test(a));

/**
 * NSE's results listing states the symbol and name the company had when the listing was
 * fetched, some time after its newest entry: at least as new as anything dated that day.
 */
const atLeastAsNew = (c: ClaimView) => c.kind === 'results-listing';

/**
 * Ties of day are broken by what the claims say, never by their order: the source kind
 * that speaks first for identifiers (NSE's master), then the value, then the file.
 */
const KIND_ORDER: readonly SourceKind[] = ['nse-master', 'results-listing', 'filing', 'shareholding', 'bse-list', 'index-list', 'other'];
const byKind = asc((c) => KIND_ORDER.indexOf(c.kind));
const byContent = by(
  asc((c) => c.value),
  asc((c) => c.sourceFile ?? ''),
  asc((c) => c.knownAt),
);
const dated = (c: ClaimView) => c.observedOn !== null;
const registered = (c: ClaimView) => c.eventType !== 'InstrumentListed';

/** The first of a scheme's claims by `order`: one pass, no sort. */
function best(bySchemes: ReadonlyMap<string, readonly ClaimView[]>, scheme: ClaimScheme, order: Order): ClaimView | undefined {
  let first: ClaimView | undefined;
  for (const c of bySchemes.get(scheme) ?? []) if (first === undefined || order(c, first) < 0) first = c;
  return first;
}

/** The status the statement that named a BSE code gave it (BSE lists state Active, Suspended, Delisted). */
function bseStatusOf(claims: readonly ClaimView[]): (c: ClaimView) => string | undefined {
  const statusByStatement = new Map(claims.filter((c) => c.scheme === 'status:BSE').map((c) => [c.statement, c.value]));
  return (c) => statusByStatement.get(c.statement);
}

const normalisedName = (name: string) =>
  name
    .toLowerCase()
    .replace(/\b(ltd|limited)\b\.?/g, 'limited')
    .replace(/[^a-z0-9]/g, '');

/**
 * A name as a person writes it: BSE and many filings write names in capitals ("HDFC BANK
 * LIMITED"); when a source spells the same name in mixed case, that spelling is shown.
 */
function presentableName(chosen: ClaimView, names: readonly ClaimView[]): string {
  if (/[a-z]/.test(chosen.value)) return chosen.value;
  const key = normalisedName(chosen.value);
  const spelled = names.filter((c) => /[a-z]/.test(c.value) && normalisedName(c.value) === key).sort(nameOrder)[0];
  return spelled?.value ?? chosen.value;
}

const nameOrder = by(
  asc((c) => nameTier(c.kind, c.eventType)),
  desc(sequenceOf),
  first(atLeastAsNew),
  byKind,
  byContent,
);

export interface CurrentValues {
  readonly name: ClaimView | undefined;
  readonly presentedName: string | undefined;
  readonly isin: ClaimView | undefined;
  readonly nse: ClaimView | undefined;
  readonly bse: ClaimView | undefined;
  readonly cin: ClaimView | undefined;
  readonly sector: ClaimView | undefined;
  readonly industry: ClaimView | undefined;
}

/**
 * Each identifier's current value among a company's claims, by rules that depend only on
 * what the claims say and when (never on their order):
 * - name: the best source tier, then the latest;
 * - ISIN: the equity share a company list states, dated before undated, then the latest
 *   (so NSE's results listing's old ISIN never wins), then the lowest (a DVR line such as
 *   GATECHDVR's INE224E01036 sorts after the ordinary share's INE224E01028);
 * - NSE symbol: the latest, company registrations before instrument listings, NSE's
 *   master before other sources of the same day;
 * - BSE code: one BSE states as Active, then the latest;
 * - CIN, sector, industry: the latest.
 */
export function currentValues(claims: readonly ClaimView[]): CurrentValues {
  const bseStatus = bseStatusOf(claims);
  const schemes = groupBy(
    claims,
    (c) => c.scheme,
    (c) => c,
  );
  const name = best(schemes, 'name', nameOrder);
  const isin = best(
    schemes,
    'isin',
    by(
      first((c) => registered(c) && isEquityShareIsin(c.value)),
      first((c) => isEquityShareIsin(c.value)),
      first(dated),
      desc(sequenceOf),
      byKind,
      byContent,
    ),
  );
  const nse = best(schemes, 'nse', by(desc(sequenceOf), first(atLeastAsNew), first(registered), byKind, byContent));
  return {
    name,
    presentedName: name && presentableName(name, schemes.get('name') ?? []),
    isin,
    nse,
    bse: best(
      schemes,
      'bse',
      by(
        first((c) => bseStatus(c) !== 'delisted' && bseStatus(c) !== 'suspended'),
        first(registered),
        desc(sequenceOf),
        byKind,
        byContent,
      ),
    ),
    cin: best(schemes, 'cin', by(desc(sequenceOf), byKind, byContent)),
    sector: best(
      schemes,
      'sector',
      by(
        desc(sequenceOf),
        first((c) => c.kind === 'index-list'),
        byKind,
        byContent,
      ),
    ),
    industry: best(
      schemes,
      'industry',
      by(
        desc(sequenceOf),
        first((c) => c.kind === 'bse-list'),
        byKind,
        byContent,
      ),
    ),
  };
}
