import { SaxesParser, type SaxesTagPlain } from 'saxes';

/** A dimension of a context: an explicit member, or a typed member's key (local names, prefixes dropped). */
export interface XbrlDimension {
  readonly axis: string;
  /** The member of an explicit dimension, or the key of a typed one. */
  readonly value: string;
  readonly typed: boolean;
}

/** A context of an XBRL instance: its period and its dimensions. */
export interface XbrlContext {
  readonly id: string;
  readonly startDate: string | null;
  readonly endDate: string | null;
  readonly instant: string | null;
  /** The context has a scenario or segment (segment lines, expense details, shareholder categories). */
  readonly dimensional: boolean;
  readonly dimensions: readonly XbrlDimension[];
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
  /** Namespace URI of each prefix declared on the root ('' for a default namespace). */
  readonly namespaces: ReadonlyMap<string, string>;
  /** The first context's entity identifier, e.g. the NSE symbol (scheme `.../NSESymbol`). */
  readonly entity: { readonly scheme: string; readonly value: string } | null;
  readonly contexts: ReadonlyMap<string, XbrlContext>;
  /** Unit id to its measure's local name (`INR`, `pure`, `shares`, `INR/shares`). */
  readonly units: ReadonlyMap<string, string>;
  readonly facts: readonly XbrlFact[];
}

export type ReadInstance = { ok: true; instance: XbrlInstance } | { ok: false; reason: string };

export const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);
const prefixOf = (qualified: string) => (qualified.includes(':') ? qualified.slice(0, qualified.indexOf(':')) : '');

function attributeOf(tag: SaxesTagPlain, name: string): string | null {
  const value = tag.attributes[name];
  return typeof value === 'string' ? value.trim() : null;
}

interface MutableContext {
  id: string;
  startDate: string | null;
  endDate: string | null;
  instant: string | null;
  dimensional: boolean;
  dimensions: XbrlDimension[];
}

/** What the reader is inside of, below the root. */
type Open =
  | { kind: 'context'; context: MutableContext; typedAxis: string | null; explicitAxis: string | null }
  | { kind: 'unit'; id: string; numerator: string | null; denominator: string | null; inDenominator: boolean }
  | { kind: 'fact'; fact: Omit<XbrlFact, 'text'> }
  | { kind: 'other' };

type Leaf = 'startDate' | 'endDate' | 'instant' | 'measure' | 'identifier' | 'explicitMember' | 'typedKey';
const LEAVES: ReadonlySet<string> = new Set<Leaf>(['startDate', 'endDate', 'instant', 'measure', 'identifier', 'explicitMember']);
const isLeaf = (local: string): local is Leaf => LEAVES.has(local);

/**
 * A single pass over the document with a strict (well-formedness checking) SAX parser:
 * facts, contexts (with their dimensions) and units are all this service reads, and
 * exchange XBRL files are mostly contexts and text blocks, so no tree is built. A truncated
 * or damaged file is a rejection naming the line, never a partial read.
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
    if (depth === 1) {
      rootName = local;
      for (const [key, value] of Object.entries(tag.attributes)) {
        if (key === 'xmlns' && typeof value === 'string') namespaces.set('', value);
        if (key.startsWith('xmlns:') && typeof value === 'string') namespaces.set(key.slice(6), value);
      }
      return;
    }
    buffer = '';
    if (depth === 2) {
      if (local === 'context') {
        const context = {
          id: attributeOf(tag, 'id') ?? '',
          startDate: null,
          endDate: null,
          instant: null,
          dimensional: false,
          dimensions: [],
        };
        open = { kind: 'context', context, typedAxis: null, explicitAxis: null };
      } else if (local === 'unit') {
        open = { kind: 'unit', id: attributeOf(tag, 'id') ?? '', numerator: null, denominator: null, inDenominator: false };
      } else if (local === 'schemaRef') {
        schemaRef = attributeOf(tag, 'xlink:href') ?? attributeOf(tag, 'href');
        open = { kind: 'other' };
      } else {
        const contextRef = attributeOf(tag, 'contextRef');
        open = contextRef
          ? {
              kind: 'fact',
              fact: {
                prefix: prefixOf(tag.name),
                name: local,
                contextRef,
                unitRef: attributeOf(tag, 'unitRef'),
                decimals: attributeOf(tag, 'decimals'),
              },
            }
          : { kind: 'other' };
      }
      return;
    }
    if (open.kind === 'context') {
      if (local === 'scenario' || local === 'segment') open.context.dimensional = true;
      if (local === 'identifier') scheme = attributeOf(tag, 'scheme') ?? '';
      if (local === 'explicitMember') open.explicitAxis = localName(attributeOf(tag, 'dimension') ?? '');
      if (local === 'typedMember') open.typedAxis = localName(attributeOf(tag, 'dimension') ?? '');
    }
    if (open.kind === 'unit' && local === 'unitDenominator') open.inDenominator = true;
    // A typed member's key is the text of its one child element, whatever its name.
    leaf = open.kind === 'context' && open.typedAxis !== null && local !== 'typedMember' ? 'typedKey' : isLeaf(local) ? local : null;
  });

  parser.on('text', (chunk) => {
    if (depth >= 2) buffer += chunk;
  });

  parser.on('closetag', (tag: SaxesTagPlain) => {
    if (depth === 2) {
      if (open.kind === 'context' && open.context.id) contexts.set(open.context.id, { ...open.context });
      if (open.kind === 'unit' && open.id && open.numerator) {
        units.set(open.id, open.denominator ? `${open.numerator}/${open.denominator}` : open.numerator);
      }
      if (open.kind === 'fact') facts.push({ ...open.fact, text: buffer.trim() });
      open = { kind: 'other' };
    } else if (depth > 2) {
      closeLeaf(open, leaf, buffer.trim(), localName(tag.name));
      leaf = null;
    }
    depth -= 1;
  });

  function closeLeaf(current: Open, closing: Leaf | null, value: string, local: string): void {
    if (current.kind === 'context') {
      if (local === 'typedMember') current.typedAxis = null;
      if (closing === 'identifier') entity ??= { scheme, value };
      else if (closing === 'explicitMember' && current.explicitAxis !== null) {
        current.context.dimensions.push({ axis: current.explicitAxis, value: localName(value), typed: false });
        current.explicitAxis = null;
      } else if (closing === 'typedKey' && current.typedAxis !== null) {
        current.context.dimensions.push({ axis: current.typedAxis, value, typed: true });
      } else if (closing === 'startDate' || closing === 'endDate' || closing === 'instant') current.context[closing] = value;
    }
    if (current.kind === 'unit' && closing === 'measure') {
      if (current.inDenominator) current.denominator = localName(value);
      else current.numerator ??= localName(value);
    }
  }

  try {
    parser.write(text).close();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = /^(\d+):(\d+): (.*)$/s.exec(message);
    return {
      ok: false,
      reason: at ? `not well-formed XML at line ${at[1]}, column ${at[2]}: ${at[3]}` : `not well-formed XML: ${message}`,
    };
  }
  if (rootName !== 'xbrl') return { ok: false, reason: `the root element is ${rootName ?? 'missing'}, not an XBRL instance (xbrli:xbrl)` };
  return { ok: true, instance: { schemaRef, namespaces, entity, contexts, units, facts } };
}
