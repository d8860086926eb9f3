import { formatInstant } from '#platform/time';
import { codeOf } from './text-forms.ts';

/** "known at 2025-01-31 13:15 UTC", or "known-at time not stated" when the timestamp cannot be read. */
export function knownAtPhrase(knownAt: string | null): string {
  const instant = knownAt === null ? undefined : formatInstant(knownAt);
  return instant === undefined ? 'known-at time not stated' : `known at ${instant}`;
}

/** "filing 7c0e…, known at 2025-01-31 13:15 UTC". */
export const filingPhrase = (filingId: string, knownAt: string | null): string =>
  `${codeOf('filing ', filingId) ?? 'a filing without a readable id'}, ${knownAtPhrase(knownAt)}`;
