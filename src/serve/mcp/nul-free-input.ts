import type { z } from 'zod';

/** The most NUL-holding strings one refusal names: enough to act on, never a long message. */
const MAX_REPORTED = 5;

/** One string, array or object met by the walk: its value, and how it was reached (for its path). */
interface Visit {
  readonly value: unknown;
  readonly parent: Visit | undefined;
  readonly key: PropertyKey | undefined;
}

function pathOf(visit: Visit): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at: Visit | undefined = visit; at?.parent !== undefined; at = at.parent) path.push(at.key as PropertyKey);
  return path.reverse();
}

/**
 * The paths of the strings in `value` that hold U+0000, object keys included (a key's path
 * is its object's, then the key), the first `max` of them. Iterative, each node visited once,
 * so neither depth nor width can exhaust the stack.
 */
export function nulPaths(value: unknown, max = MAX_REPORTED): PropertyKey[][] {
  const found: PropertyKey[][] = [];
  const stack: Visit[] = [{ value, parent: undefined, key: undefined }];
  while (stack.length > 0 && found.length < max) {
    const visit = stack.pop() as Visit;
    const current = visit.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) found.push(pathOf(visit));
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], parent: visit, key: i });
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        if (key.includes('\u0000')) found.push([...pathOf(visit), key]);
        stack.push({ value: child, parent: visit, key });
      }
    }
  }
  return found.slice(0, max);
}

export const NUL_MESSAGE = 'must not contain U+0000 (the NUL character), which no text can hold here; remove it';

/**
 * A tool's input schema that also refuses U+0000 in any string of the input: PostgreSQL text
 * cannot hold it, so a NUL that got through would fail the tool's query on the server. One
 * rule for every tool, at the schema, so the SDK answers it as it answers any invalid
 * argument ("Input validation error: Invalid arguments for tool …: <field>: must not contain
 * U+0000 …") and the tool never runs. The walk sees the parsed input, which is the schema's
 * shape (no transforms in the tool schemas), so what it passes is what the tool gets.
 */
export function refusingNulCharacters<I extends z.ZodObject>(input: I): I {
  return input.superRefine((value, ctx) => {
    for (const path of nulPaths(value)) ctx.addIssue({ code: 'custom', message: NUL_MESSAGE, path });
  });
}
