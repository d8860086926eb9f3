import { getLatestQuote } from '#projections/prices';
import type { Gap, MarketCap, RetrievalPlan } from '#schemas/query';
import type { CompanyIdentity, Quote } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { formatDay } from '#domain/indian-text';
import { istDateOf, istToIso } from '#platform/time';
import { resolveSecurity } from '#read/identity';
import { fetchMarketCap } from './fetch-market-cap.ts';

/** The last instant of an Indian calendar day: a day's close is known by then. */
const endOfIstDay = (day: string): string => new Date(Date.parse(istToIso(day)) + 86_400_000 - 1).toISOString();

const earlier = (a: string | null, b: string): string => (a !== null && Date.parse(a) < Date.parse(b) ? a : b);

/** The instant a price question reads at: the plan's day's end (or its as_of, if earlier), else the as_of. */
export const quoteAsOf = (plan: RetrievalPlan): string | null =>
  plan.price_date ? earlier(plan.as_of, endOfIstDay(plan.price_date)) : plan.as_of;

/**
 * A close read for a past day is known at the close itself (15:30 IST, docs/prices.md): a
 * history file's known_at is its newest day's, later than the day asked for its earlier rows.
 */
function knownAtItsClose(quote: Quote): Quote {
  if (quote.source === 'quote' || Date.parse(quote.known_at) <= Date.parse(quote.as_of)) return quote;
  return { ...quote, known_at: quote.as_of };
}

function dayGaps(plan: RetrievalPlan, company: CompanyIdentity, quote: Quote | null): Gap[] {
  if (!plan.price_date) return [];
  const asked = formatDay(plan.price_date);
  if (!quote) {
    return [{ kind: 'missing', subject: 'price', message: `No price of ${company.name ?? company.id} is recorded on or before ${asked}.` }];
  }
  const day = istDateOf(quote.as_of);
  if (day === plan.price_date) return [];
  return [
    {
      kind: 'missing',
      subject: 'price',
      message: `No close of ${asked} is recorded (no session that day, or none in the data); the nearest earlier close, of ${formatDay(day)}, is given.`,
    },
  ];
}

/**
 * The quote route's prices for one company: its NSE quote and market capitalisation, the
 * latest as known at `as_of`, or, when the plan names a day (`price_date`), that day's close
 * as knowable by its end (the nearest earlier close, said in a gap, when the day has none).
 */
export async function fetchPlanQuote(
  db: SqlExecutor,
  company: CompanyIdentity,
  plan: RetrievalPlan,
): Promise<{ quote: Quote | null; marketCap: MarketCap | null; gaps: Gap[] }> {
  const asOf = quoteAsOf(plan);
  const security = await resolveSecurity(db, company.nse_symbol ? `NSE:${company.nse_symbol}` : company.id, 'NSE');
  const ref = { exchange: security.exchange, tickers: security.tickers, isin: security.isin };
  const found = (await getLatestQuote(db, { ...ref, asOf, now: new Date().toISOString() })) ?? null;
  const quote = found && plan.price_date ? knownAtItsClose(found) : found;
  const gaps: Gap[] =
    quote || plan.price_date
      ? []
      : [{ kind: 'missing', subject: 'price', message: `No price is recorded for ${company.name ?? company.id}.` }];
  gaps.push(...dayGaps(plan, company, quote));
  const cap = await fetchMarketCap(db, company, asOf);
  // Without any price, the quote's own gap says so.
  if (quote || cap.item) gaps.push(...cap.gaps);
  return { quote, marketCap: cap.item, gaps };
}
