import { groupBy } from './group-by.ts';
import { isEquityShareIsin, issuerCodeOf } from './isin.ts';

/**
 * Dating reference lists that state no date (NSE's EQUITY_L, BSE's scrip lists, the NIFTY
 * lists) from what they contain, so that which of two lists is the newer never depends on
 * which arrived last. What is claimed is a lower bound on the day a list shows: the list
 * was made that day or later. It is never its publication day, and never when it became
 * knowable (its known_at stays the time it was received). docs/identity.md, "Undated lists".
 */

/** What dating needs of one reference list. */
export interface ListContent {
  readonly document: string;
  readonly file: string | null;
  /** The day (IST) its date was given for (the operator's --known-at or known-at.json); null when only its receipt is known. */
  readonly givenOn: string | null;
  /** The newest date a row of it states (NSE's DATE OF LISTING), YYYY-MM-DD; null when it states none. */
  readonly newestListing: string | null;
  /** Its equity-share ISINs (INE, security type 01) whose issuer has more than one such ISIN among all lists. */
  readonly isins: readonly string[];
}

/** The day a list shows, as far as anything tells, and its place among the lists of that day. */
export interface ListDate {
  readonly document: string;
  /** The given day; else the earliest day its content allows; null when nothing dates it. */
  readonly on: string | null;
  /** Whether `on` is a lower bound from the content rather than a given day. */
  readonly inferred: boolean;
  /**
   * Among lists of the same `on` (or of none), how many are known to be older, one after
   * another: a list that shows a later ISIN than another comes after it on their common day.
   * 0 for a given date nothing precedes; an inferred day starts at 1, at least as new as
   * anything else dated that day (the list is of that day or later).
   */
  readonly rank: number;
  /** What `on` rests on, in words. */
  readonly basis: string;
}

/**
 * NSE adds a security to EQUITY_L when its listing is announced, days before it trades: the
 * April 2022 copy, taken by 3 April, shows SHAILY listing on 4 April. So the newest listing
 * date bounds the list's day only a week earlier.
 */
const LISTING_NOTICE_DAYS = 7;

const dayBefore = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** An equity share's serial (INE040A01034: 03). Serials of one issuer grow: a split gives the next one. */
const serialOf = (isin: string): string => isin.slice(9, 11);

/** Equity-share ISINs by issuer code, each by its serial. */
type Serials = ReadonlyMap<string, ReadonlyMap<string, string>>;

function serialsByIssuer(isins: readonly string[]): Serials {
  const groups = groupBy(isins.filter(isEquityShareIsin), issuerCodeOf, (isin) => [serialOf(isin), isin] as const);
  return new Map([...groups].map(([issuer, serials]) => [issuer, new Map(serials)]));
}

/** An equity share in `newer` that replaced the one `older` shows of its issuer, if any: `newer` was made after `older`. */
function replacement(newer: Serials, older: Serials): { from: string; to: string } | null {
  for (const issuer of [...newer.keys()].sort()) {
    const mine = newer.get(issuer) ?? new Map<string, string>();
    const theirs = older.get(issuer);
    if (!theirs) continue;
    // Each must show a serial the other does not: a list showing both (an ordinary share and
    // its DVR line, GATECH and GATECHDVR) orders nothing.
    const to = [...mine.keys()].filter((s) => !theirs.has(s)).sort();
    const from = [...theirs.keys()].filter((s) => !mine.has(s)).sort();
    const last = to[to.length - 1];
    const first = from[0];
    if (last !== undefined && first !== undefined && last > first) return { from: theirs.get(first) ?? '', to: mine.get(last) ?? '' };
  }
  return null;
}

interface Node {
  readonly list: ListContent;
  readonly serials: Serials;
  /** The lists it replaced an ISIN of (it came after them), with the first witness. */
  readonly after: Map<string, string>;
}

/** Strongly connected components (Tarjan), each a set of lists that contradict each other's order; predecessors first. */
function componentsInOrder(nodes: ReadonlyMap<string, Node>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (id: string) => {
    index.set(id, index.size);
    low.set(id, index.get(id) as number);
    stack.push(id);
    onStack.add(id);
    for (const pred of [...(nodes.get(id)?.after.keys() ?? [])].sort()) {
      if (!index.has(pred)) {
        visit(pred);
        low.set(id, Math.min(low.get(id) as number, low.get(pred) as number));
      } else if (onStack.has(pred)) low.set(id, Math.min(low.get(id) as number, index.get(pred) as number));
    }
    if (low.get(id) === index.get(id)) {
      const component: string[] = [];
      for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
        onStack.delete(member);
        component.push(member);
        if (member === id) break;
      }
      components.push(component.sort());
    }
  };
  for (const id of [...nodes.keys()].sort()) if (!index.has(id)) visit(id);
  // Edges point from a list to those before it, so Tarjan emits predecessors first.
  return components;
}

const name = (list: ListContent) => list.file ?? list.document.slice(0, 12);

/**
 * The day each list shows and its order among lists of one day. A list's date given by the
 * operator stands. Else a list is no older than:
 * - a week before the newest listing date it states (NSE's EQUITY_L);
 * - any list whose ISIN of some issuer it shows replaced by a later one (a face-value split
 *   gives the next serial, and a list shows a company's equity ISIN of its day): HDFC Bank's
 *   INE040A01034 in a list another shows INE040A01026 in puts the first after the second.
 * Lists that contradict each other (each shows a later ISIN than the other) are not ordered
 * among themselves. Lists nothing dates stay undated, ordered among themselves only by what
 * their ISINs show. Pure, and independent of the order of `lists`.
 */
export function dateLists(lists: readonly ListContent[]): ListDate[] {
  const nodes = new Map<string, Node>(
    lists.map((list) => [list.document, { list, serials: serialsByIssuer(list.isins), after: new Map<string, string>() }]),
  );
  for (const node of nodes.values()) {
    for (const other of nodes.values()) {
      if (other === node) continue;
      const witness = replacement(node.serials, other.serials);
      if (witness) node.after.set(other.list.document, `${witness.to} replaces ${witness.from} of ${name(other.list)}`);
    }
  }
  const dated = new Map<string, ListDate>();
  for (const component of componentsInOrder(nodes)) {
    const members = component.map((id) => nodes.get(id) as Node);
    const preds = predecessorsOf(members, dated);
    // The latest of the members' own bounds and of the days of the lists they came after.
    const bounds = [...members.map((m) => ownBound(m.list)), ...preds.map((p) => ({ on: p.date.on, basis: `after ${p.why}` }))];
    const bound = bounds.reduce((best, b) => (b.on !== null && (best.on === null || b.on > best.on) ? b : best), NO_BOUND);
    for (const { list } of members) dated.set(list.document, dateOf(list, list.givenOn === null ? bound : ownBound(list), preds));
  }
  return [...dated.values()].sort((a, b) => (a.document < b.document ? -1 : 1));
}

const NO_BOUND = { on: null, basis: 'nothing dates it' } as const;

interface Predecessor {
  readonly date: ListDate;
  readonly why: string;
}

/** The lists outside a component that its members came after, already dated, in a fixed order. */
function predecessorsOf(members: readonly Node[], dated: ReadonlyMap<string, ListDate>): Predecessor[] {
  const inside = new Set(members.map((m) => m.list.document));
  return members
    .flatMap((m) => [...m.after].filter(([id]) => !inside.has(id)).map(([id, why]) => ({ date: dated.get(id) as ListDate, why })))
    .sort((a, b) => (a.date.document < b.date.document ? -1 : a.date.document > b.date.document ? 1 : a.why < b.why ? -1 : 1));
}

/** A list's day and rank: after every list of its day it came after. */
function dateOf(list: ListContent, bound: { on: string | null; basis: string }, preds: readonly Predecessor[]): ListDate {
  const inferred = list.givenOn === null && bound.on !== null;
  let rank = inferred ? 1 : 0;
  let basis = bound.basis;
  for (const pred of preds) {
    if (pred.date.on !== bound.on || pred.date.rank + 1 <= rank) continue;
    rank = pred.date.rank + 1;
    if (!basis.includes(pred.why)) basis = `${bound.basis}; after ${pred.why}`;
  }
  return { document: list.document, on: bound.on, inferred, rank, basis };
}

/** The day a list's own content bounds it by, with why. */
function ownBound(list: ListContent): { on: string | null; basis: string } {
  if (list.givenOn !== null) return { on: list.givenOn, basis: 'the date given for it' };
  if (list.newestListing === null) return { on: null, basis: 'nothing dates it' };
  return {
    on: dayBefore(list.newestListing, LISTING_NOTICE_DAYS),
    basis: `a week before the newest listing date it states, ${list.newestListing}`,
  };
}
