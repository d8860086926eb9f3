import { z } from 'zod';

export const KNOWN_AT_BASES = ['stated', 'implied', 'file', 'received'] as const;

/**
 * Where an item's `known_at` comes from, from the best evidence to the weakest. Each is a
 * time by which the item was certainly public, never an earlier guess.
 */
export const KnownAtBasisSchema = z
  .enum(KNOWN_AT_BASES)
  .describe(
    'Where known_at comes from. stated: the source states when it published the item (a dissemination, broadcast or ' +
      'announcement time). implied: a date the item itself states bounds it (a corporate action was public by the ' +
      'start, in India, of its ex-date or record date, whichever is first). file: when the file as a whole was ' +
      'published or fetched, as the connector or the file says (--known-at, known-at.json, a fetch time). received: ' +
      'when this service received the file, nothing else being known.',
  );
export type KnownAtBasis = z.infer<typeof KnownAtBasisSchema>;
