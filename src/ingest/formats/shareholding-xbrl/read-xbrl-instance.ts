import { readXbrlInstance as readInstance } from '#ingest/shared/xbrl';

/** A context: its period and its dimensions (local names, prefixes dropped). */
export interface XbrlContext {
  readonly id: string;
  readonly instant: string | null;
  readonly endDate: string | null;
  readonly explicit: readonly { readonly axis: string; readonly member: string }[];
  readonly typed: readonly { readonly axis: string; readonly key: string }[];
}

/** A fact of the shareholding taxonomy: concept (local name), context and text as written. */
export interface XbrlFact {
  readonly concept: string;
  readonly contextRef: string;
  readonly value: string;
}

export interface XbrlInstance {
  /** The namespace of the shareholding taxonomy, e.g. http://www.bseindia.com/xbrl/shp/2025-05-31/in-bse-shp. */
  readonly namespace: string;
  readonly contexts: readonly XbrlContext[];
  readonly facts: readonly XbrlFact[];
}

/** The SEBI shareholding-pattern taxonomy's namespace, under BSE's xbrl/shp/<date>/ tree. */
export const SHP_NAMESPACE = /\/xbrl\/shp\/|in-bse-shp/i;

/**
 * Reads an XBRL instance of the shareholding taxonomy (through the shared XBRL reader): its
 * contexts and the facts whose namespace is the taxonomy's (found from the root's `xmlns:`
 * declarations, whatever prefix the filer chose). A text that is not well-formed XML, or
 * not an XBRL instance of this taxonomy, gives the reason instead.
 */
export function readXbrlInstance(
  text: string,
): { readonly ok: true; readonly instance: XbrlInstance } | { readonly ok: false; readonly reason: string } {
  const read = readInstance(text);
  if (!read.ok) return read;
  const declared = [...read.instance.namespaces].filter(([, uri]) => SHP_NAMESPACE.test(uri));
  const [first] = declared;
  if (!first)
    return {
      ok: false,
      reason: 'not a shareholding pattern: the instance does not declare the in-bse-shp taxonomy (http://www.bseindia.com/xbrl/shp/...)',
    };
  const prefixes = new Set(declared.map(([prefix]) => prefix));
  const contexts = [...read.instance.contexts.values()].map((context) => ({
    id: context.id,
    instant: context.instant,
    endDate: context.endDate,
    explicit: context.dimensions.filter((d) => !d.typed).map((d) => ({ axis: d.axis, member: d.value })),
    typed: context.dimensions.filter((d) => d.typed).map((d) => ({ axis: d.axis, key: d.value })),
  }));
  const facts = read.instance.facts
    .filter((fact) => prefixes.has(fact.prefix))
    .map((fact) => ({ concept: fact.name, contextRef: fact.contextRef, value: fact.text }));
  return { ok: true, instance: { namespace: first[1], contexts, facts } };
}
