import { SaxesParser, type SaxesTagPlain } from 'saxes';

/** A context of an XBRL instance: its period and whether it carries dimensions. */
export interface XbrlContext {
  readonly id: string;
  readonly startDate: string | null;
  readonly endDate: string | null;
  readonly instant: string | null;
  /** A scenario or segment (segment lines, expense details): never a statement column. */
  readonly dimensional: boolean;
}

/** One fact as written: element local name, its prefix, and the raw text. */
export interface XbrlFact {
  readonly prefix: string;
  readonly name: string;
  readonly contextRef: string;
  readonly unitRef: string | null;
  /** The `decimals` attribute as written (`-7`, `INF`), or null. */
  readonly decimals: string | null;
  readonly text: string;
}

export interface XbrlInstance {
  /** `xlink:href` of the schemaRef: the taxonomy entry point. */
  readonly schemaRef: string | null;
  /** Namespace URI of each prefix declared on the root. */
  readonly namespaces: ReadonlyMap<string, string>;
  readonly contexts: ReadonlyMap<string, XbrlContext>;
  /** The first context's entity identifier, e.g. the NSE symbol (scheme `.../NSESymbol`). */
  readonly entity: { readonly scheme: string; readonly value: string } | null;
  /** Unit id to its measure's local name (`INR`, `pure`, `shares`, `INR/shares`). */
  readonly units: ReadonlyMap<string, string>;
  readonly facts: readonly XbrlFact[];
}

export type ReadInstance = { ok: true; instance: XbrlInstance } | { ok: false; reason: string };

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);
const prefixOf = (qualified: string) => (qualified.includes(':') ? qualified.slice(0, qualified.indexOf(':')) : '');

interface MutableContext {
  id: string;
  startDate: string | null;
  endDate: string | null;
  instant: string | null;
  dimensional: boolean;
}

/** What the reader is inside of, below the root. */
type Open =
  | { kind: 'context'; context: MutableContext }
  | { kind: 'unit'; id: string; numerator: string | null; denominator: string | null; inDenominator: boolean }
  | { kind: 'fact'; fact: Omit<XbrlFact, 'text'> }
  | { kind: 'other' };

type Leaf = 'startDate' | 'endDate' | 'instant' | 'measure' | 'identifier';
const LEAVES: ReadonlySet<string> = new Set<Leaf>(['startDate', 'endDate', 'instant', 'measure', 'identifier']);
const isLeaf = (local: string): local is Leaf => LEAVES.has(local);

/**
 * A single pass over the document with a strict (well-formedness checking) SAX parser:
 * the facts, contexts and units are all this service reads, and the XBRL files are mostly
 * segment contexts and text blocks, so no tree is built. A truncated or damaged file is a
 * rejection naming the line, never a partial read.
 */
export function readXbrlInstance(text: string): ReadInstance {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const namespaces = new Map<string, string>();
  const contexts = new Map<string, XbrlContext>();
  const units = new Map<string, string>();
  const facts: XbrlFact[] = [];
  let schemaRef: string | null = null;
  let entity: { scheme: string; value: string } | null = null;
  let scheme = '';
  let rootName: string | null = null;
  let depth = 0;
  let open: Open = { kind: 'other' };
  let buffer = '';
  let leaf: Leaf | null = null;

  parser.on('opentag', (tag: SaxesTagPlain) => {
    depth += 1;
    const local = localName(tag.name);
    const attr = (name: string) => {
      const value = tag.attributes[name];
      return typeof value === 'string' ? value.trim() : null;
    };
    if (depth === 1) {
      rootName = local;
      for (const [key, value] of Object.entries(tag.attributes)) {
        if (key.startsWith('xmlns:') && typeof value === 'string') namespaces.set(key.slice(6), value);
      }
      return;
    }
    if (depth === 2) {
      buffer = '';
      if (local === 'context') {
        open = { kind: 'context', context: { id: attr('id') ?? '', startDate: null, endDate: null, instant: null, dimensional: false } };
      } else if (local === 'unit') {
        open = { kind: 'unit', id: attr('id') ?? '', numerator: null, denominator: null, inDenominator: false };
      } else if (local === 'schemaRef') {
        schemaRef = attr('xlink:href') ?? attr('href');
        open = { kind: 'other' };
      } else {
        const contextRef = attr('contextRef');
        open = contextRef
          ? { kind: 'fact', fact: { prefix: prefixOf(tag.name), name: local, contextRef, unitRef: attr('unitRef'), decimals: attr('decimals') } }
          : { kind: 'other' };
      }
      return;
    }
    if (open.kind === 'context' && (local === 'scenario' || local === 'segment')) open.context.dimensional = true;
    if (open.kind === 'unit' && local === 'unitDenominator') open.inDenominator = true;
    if (local === 'identifier') scheme = attr('scheme') ?? '';
    leaf = isLeaf(local) ? local : null;
    buffer = '';
  });

  parser.on('text', (chunk) => {
    if (depth >= 2) buffer += chunk;
  });

  parser.on('closetag', () => {
    if (depth === 2) {
      if (open.kind === 'context' && open.context.id) contexts.set(open.context.id, { ...open.context });
      if (open.kind === 'unit' && open.id && open.numerator) {
        units.set(open.id, open.denominator ? `${open.numerator}/${open.denominator}` : open.numerator);
      }
      if (open.kind === 'fact') facts.push({ ...open.fact, text: buffer.trim() });
      open = { kind: 'other' };
    } else if (depth > 2 && leaf) {
      const value = buffer.trim();
      if (open.kind === 'context' && leaf === 'identifier') entity ??= { scheme, value };
      else if (open.kind === 'context' && leaf !== 'measure' && leaf !== 'identifier') open.context[leaf] = value;
      if (open.kind === 'unit' && leaf === 'measure') {
        if (open.inDenominator) open.denominator = localName(value);
        else open.numerator ??= localName(value);
      }
      leaf = null;
    }
    depth -= 1;
  });

  try {
    parser.write(text).close();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = /^(\d+):(\d+): (.*)$/s.exec(message);
    return { ok: false, reason: at ? `not well-formed XML at line ${at[1]}, column ${at[2]}: ${at[3]}` : `not well-formed XML: ${message}` };
  }
  if (rootName !== 'xbrl') return { ok: false, reason: `the root element is ${rootName ?? 'missing'}, not an XBRL instance (xbrli:xbrl)` };
  return { ok: true, instance: { schemaRef, namespaces, entity, contexts, units, facts } };
}
