import { z } from 'zod';

/**
 * Which version of each fact a read answers with (docs/views.md):
 * - `as_of`: the version valid at the instant asked for (now when none is): the latest value
 *   knowable then, restatements known by then included;
 * - `as_first_reported`: each fact's first release (revision 0), if known by that instant,
 *   whatever came after: what a backtest that never saw a restatement uses;
 * - `latest`: the version valid now, restated: for every period, the last value known.
 */
export const FactViewSchema = z
  .enum(['as_of', 'as_first_reported', 'latest'])
  .describe(
    'as_of (default): the version valid at as_of; as_first_reported: each fact as first released (revision 0), if released by as_of; latest: the most recent version, restated (as_of does not apply)',
  );
export type FactView = z.infer<typeof FactViewSchema>;
