import type { XbrlContext, XbrlInstance } from './read-xbrl-instance.ts';

/** Facts by concept; the first of a concept in a group wins. */
export type Facts = ReadonlyMap<string, string>;

/** A named holder: the facts of the contexts sharing one typed key on one axis. */
export interface HolderFacts {
  readonly axis: string;
  readonly key: string;
  readonly facts: Facts;
}

/** A shareholding pattern instance, organised the way the SEBI table is. */
export interface ShpDocument {
  /** General information: facts in contexts without dimensions (Symbol, ScripCode, ISIN, DateOfReport, ...). */
  readonly info: Facts;
  /** Table rows by member (lower-cased): facts in contexts whose one dimension is that member. */
  readonly categories: ReadonlyMap<string, Facts>;
  /** Named holders in document order. */
  readonly holders: readonly HolderFacts[];
  /** The dates of the table rows' instant contexts. */
  readonly instants: readonly string[];
}

/** NSE publishes filings with some text facts masked; a mask is no value. */
export const MASK = /^\*+$/;

/** The natural people behind corporate holders; not holders of the company's shares themselves. */
const SBO_AXIS = 'SignificantBeneficialOwnersAxis';

function addFacts(target: Map<string, Map<string, string>>, key: string, facts: readonly { concept: string; value: string }[]): void {
  const group = target.get(key) ?? new Map<string, string>();
  for (const { concept, value } of facts) if (!group.has(concept) && value !== '' && !MASK.test(value)) group.set(concept, value);
  target.set(key, group);
}

/**
 * Groups the facts: a context without dimensions is general information; one with a single
 * explicit member (CategoryOfShareholdersAxis) is a row of the table; one with a typed member
 * (`DetailsOfSharesHeldBy<X>Axis`) is a named holder, whose name sits in a duration context
 * and numbers in an instant one under the same typed key. Other contexts are not read.
 */
export function shpDocument(instance: XbrlInstance): ShpDocument {
  const factsByContext = new Map<string, { concept: string; value: string }[]>();
  for (const fact of instance.facts) {
    const list = factsByContext.get(fact.contextRef) ?? [];
    list.push(fact);
    factsByContext.set(fact.contextRef, list);
  }
  const info = new Map<string, Map<string, string>>();
  const categories = new Map<string, Map<string, string>>();
  const holders = new Map<string, Map<string, string>>();
  const holderKeys: { axis: string; key: string; group: string }[] = [];
  const instants = new Set<string>();
  for (const context of instance.contexts) {
    const facts = factsByContext.get(context.id) ?? [];
    const kind = kindOf(context);
    if (kind === 'info') addFacts(info, '', facts);
    else if (kind === 'category') {
      addFacts(categories, (context.explicit[0]?.member ?? '').toLowerCase(), facts);
      if (context.instant) instants.add(context.instant);
    } else if (kind === 'holder') {
      const typed = context.typed[0] ?? { axis: '', key: '' };
      const group = `${typed.axis}\u0000${typed.key || context.id}`;
      if (!holders.has(group)) holderKeys.push({ axis: typed.axis, key: typed.key || context.id, group });
      addFacts(holders, group, facts);
    }
  }
  return {
    info: info.get('') ?? new Map(),
    categories,
    holders: holderKeys.map(({ axis, key, group }) => ({ axis, key, facts: holders.get(group) ?? new Map() })),
    instants: [...instants],
  };
}

function kindOf(context: XbrlContext): 'info' | 'category' | 'holder' | 'other' {
  if (context.explicit.length === 0 && context.typed.length === 0) return 'info';
  if (context.typed.length === 1 && context.typed[0]?.axis !== SBO_AXIS) return 'holder';
  if (context.typed.length === 0 && context.explicit.length === 1) return 'category';
  return 'other';
}
