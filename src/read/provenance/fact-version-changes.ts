import type { Fact, FactFieldChange } from '#schemas/read-models';
import { Decimal } from '#platform/decimals';

type Compared = Pick<Fact, 'value' | 'unit' | 'scale' | 'decimals' | 'element' | 'source_url'>;

const text = (value: string | number | null): string | null => (value === null ? null : String(value));

/**
 * Exactly what differs between a version of a fact and the one before it, field by field.
 * Values are compared as numbers ("100.00" re-reported as "100" is no change) and carry
 * their exact difference; every other field is compared as written.
 */
export function factVersionChanges(before: Compared, after: Compared): FactFieldChange[] {
  const changes: FactFieldChange[] = [];
  const from = new Decimal(before.value);
  const to = new Decimal(after.value);
  if (!from.eq(to)) changes.push({ field: 'value', from: before.value, to: after.value, difference: to.minus(from).toFixed() });
  for (const field of ['unit', 'scale', 'decimals', 'element', 'source_url'] as const) {
    if (before[field] !== after[field]) changes.push({ field, from: text(before[field]), to: text(after[field]), difference: null });
  }
  return changes;
}
