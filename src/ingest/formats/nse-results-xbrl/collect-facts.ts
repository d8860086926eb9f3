import type { FactUnit } from '#schemas/common';
import type { ReportedFact } from '#schemas/events';
import { parseDecimalText, shiftDecimal, sumDecimals } from '#platform/decimals';
import type { Problem } from '#ingest/shared/parser';
import type { ConceptRule, Source } from './concept-rules.ts';
import type { XbrlFact, XbrlInstance } from '#ingest/shared/xbrl';
import type { Column, ReportColumns } from './report-columns.ts';
import { lookupTable } from '#platform/lookup-table';

/** Facts by context and element, in file order. */
type FactIndex = ReadonlyMap<string, ReadonlyMap<string, readonly XbrlFact[]>>;

interface Reading {
  readonly value: string;
  readonly decimals: number | null;
  readonly unit: FactUnit;
  readonly element: string;
}

const UNIT_OF_MEASURE: Readonly<Record<string, FactUnit>> = lookupTable({
  INR: 'INR',
  'INR/shares': 'INR/share',
  INRPerShare: 'INR/share',
  shares: 'shares',
  pure: 'pure',
});

const expectedUnit = (rule: ConceptRule): FactUnit => (/PerShare$/.test(rule.concept) ? 'INR/share' : 'INR');

function indexFacts(instance: XbrlInstance): FactIndex {
  const index = new Map<string, Map<string, XbrlFact[]>>();
  for (const fact of instance.facts) {
    let byName = index.get(fact.contextRef);
    if (!byName) index.set(fact.contextRef, (byName = new Map<string, XbrlFact[]>()));
    const list = byName.get(fact.name);
    if (list) list.push(fact);
    else byName.set(fact.name, [fact]);
  }
  return index;
}

/**
 * The filed fact of an element in a context. Newer filings repeat facts verbatim, which is
 * harmless; an element filed twice with different values is reported and the first used.
 */
function filedFact(index: FactIndex, context: string, name: string, problems: Problem[]): XbrlFact | undefined {
  const [first, ...rest] = index.get(context)?.get(name) ?? [];
  const other = rest.find((fact) => fact.text !== first?.text);
  if (first && other) {
    problems.push({
      where: `element ${first.prefix}:${name} in ${context}`,
      message: `filed twice with different values (${first.text} and ${other.text}); the first is used`,
    });
  }
  return first;
}

/** One element's value in one context, checked for a number and the expected unit. */
function readElement(fact: XbrlFact, unit: FactUnit, instance: XbrlInstance, problems: Problem[]): Reading | null {
  const where = `element ${fact.prefix}:${fact.name} in ${fact.contextRef}`;
  const value = parseDecimalText(fact.text);
  if (value === undefined || value === null) {
    problems.push({ where, message: `"${fact.text.slice(0, 40)}" is not a number` });
    return null;
  }
  const measure = fact.unitRef ? (instance.units.get(fact.unitRef) ?? fact.unitRef) : null;
  const stated = measure === null ? unit : UNIT_OF_MEASURE[measure];
  if (stated !== unit) {
    problems.push({ where, message: `unit ${measure} where ${unit} was expected; not used` });
    return null;
  }
  const decimals = fact.decimals && /^-?\d+$/.test(fact.decimals) ? Number(fact.decimals) : null;
  return {
    value: shiftDecimal(value, 0),
    decimals: decimals !== null && Math.abs(decimals) <= 12 ? decimals : null,
    unit,
    element: `${fact.prefix}:${fact.name}`,
  };
}

/** A source's value in the first of the contexts that files it (a sum is never mixed across contexts). */
function readSource(
  source: Source,
  contexts: readonly string[],
  unit: FactUnit,
  index: FactIndex,
  instance: XbrlInstance,
  problems: Problem[],
): Reading | null {
  for (const context of contexts) {
    const filed = source.parts.map((part) => filedFact(index, context, part, problems));
    const present = filed.filter((fact): fact is XbrlFact => fact !== undefined);
    if (present.length === 0) continue;
    if (source.sum === 'all' && present.length < source.parts.length) continue;
    const readings = present.map((fact) => readElement(fact, unit, instance, problems));
    if (readings.some((r) => r === null)) return null;
    const parts = readings as Reading[];
    if (parts.length === 1) return parts[0] ?? null;
    const precision = parts.map((r) => r.decimals).filter((d): d is number => d !== null);
    return {
      value: sumDecimals(parts.map((r) => r.value)),
      decimals: precision.length > 0 ? Math.min(...precision) : null,
      unit,
      element: parts.map((r) => r.element).join(' + '),
    };
  }
  return null;
}

function columnsOf(rule: ConceptRule, columns: ReportColumns): readonly Column[] {
  if (rule.statement === 'income') return columns.income;
  if (rule.statement === 'balance') return columns.balance;
  return columns.cashFlow ? [columns.cashFlow] : [];
}

/**
 * A rule's value in a column: the first source filed, unless it is 0 and a later source
 * files another value (see `Source`).
 */
function readRule(
  rule: ConceptRule,
  column: Column,
  unit: FactUnit,
  index: FactIndex,
  instance: XbrlInstance,
  problems: Problem[],
): Reading | null {
  let zero: Reading | null = null;
  for (const source of rule.sources) {
    const contexts = source.fromDuration ? (column.durationContext ? [column.durationContext] : []) : column.contexts;
    const reading = readSource(source, contexts, unit, index, instance, problems);
    if (!reading) continue;
    if (!isZero(reading.value)) return reading;
    zero ??= reading;
  }
  return zero;
}

const isZero = (value: string) => /^-?0*(\.0*)?$/.test(value);

/**
 * The filing's facts of every concept the taxonomy maps, one per concept and column. The
 * scale is the presentation scale the filing states (`LevelOfRoundingUsedInFinancialStatements`)
 * for rupee amounts, and null where it states none: the value is exact either way, and
 * `decimals` is a precision, not a presentation. Per-share amounts carry none. A face value
 * of 0 is an element left unfilled, never a fact (shares = capital ÷ face value).
 */
export function collectFacts(
  instance: XbrlInstance,
  rules: readonly ConceptRule[],
  columns: ReportColumns,
  basis: ReportedFact['basis'],
  rounding: string | null,
): { facts: ReportedFact[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const index = indexFacts(instance);
  const facts: ReportedFact[] = [];
  for (const rule of rules) {
    const unit = expectedUnit(rule);
    for (const column of columnsOf(rule, columns)) {
      const reading = readRule(rule, column, unit, index, instance, problems);
      if (!reading) continue;
      if (rule.concept === 'FaceValuePerShare' && (isZero(reading.value) || reading.value.startsWith('-'))) {
        problems.push({ where: `element ${reading.element}`, message: `face value ${reading.value} is not a face value; not used` });
        continue;
      }
      facts.push({
        concept: rule.concept,
        basis,
        period: column.period,
        value: reading.value,
        unit,
        decimals: reading.decimals,
        scale: unit === 'INR' ? rounding : null,
        element: reading.element.slice(0, 200),
      });
    }
  }
  return { facts, problems };
}
