import { parseArgs } from 'node:util';
import {
  PriceAdjustModeSchema,
  type PriceAdjustMode,
  SNAPSHOT_DATASETS,
  type SnapshotDataset,
  SnapshotDatasetSchema,
} from '#schemas/read-models';
import { parseIsoDay } from '#platform/time';
import { dayOf, endOfIndianDay, monthEnds } from './month-ends.ts';

export const SNAPSHOT_USAGE = `usage: npm run snapshot -- --as-of <time> --out <dir> [--datasets <name,...>] [--adjust none|splits|all]
       npm run snapshot -- --monthly <from> <to> --out <dir> [--datasets <name,...>] [--adjust none|splits|all]
  --as-of     an ISO 8601 instant, or a date (its midnight UTC, as as_of on the API)
  --monthly   one snapshot per month end from <from> to <to> (YYYY-MM-DD or YYYY-MM), each in <dir>/<YYYY-MM-DD>/,
              as of the end of that day in India
  --datasets  some of ${SNAPSHOT_DATASETS.join(', ')} (default: all)
  --adjust    how daily candles are adjusted for corporate actions known by then (default: all)`;

/** One snapshot to write: its folder and its instant. */
export interface SnapshotTarget {
  readonly dir: string;
  readonly asOf: string;
}

export interface SnapshotArguments {
  readonly targets: readonly SnapshotTarget[];
  readonly datasets: readonly SnapshotDataset[];
  readonly adjust: PriceAdjustMode;
  readonly help: boolean;
}

export type ParsedArguments = { readonly ok: true; readonly value: SnapshotArguments } | { readonly ok: false; readonly message: string };

const INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** An --as-of value as an ISO instant: a date alone is its midnight UTC and a time without an offset is UTC, as on the API. */
export function instantOf(text: string): string | undefined {
  if (!INSTANT.test(text) || parseIsoDay(text.slice(0, 10)) === undefined) return undefined;
  const withTime = text.length === 10 ? `${text}T00:00:00Z` : text;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(withTime) ? withTime : `${withTime}Z`;
  const ms = Date.parse(zoned);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

function datasetsOf(list: string | undefined): ParsedArguments | readonly SnapshotDataset[] {
  if (list === undefined) return SNAPSHOT_DATASETS;
  const names = list.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !SnapshotDatasetSchema.safeParse(name).success);
  if (unknown.length > 0) {
    return {
      ok: false,
      message: `--datasets: unknown dataset ${unknown.map((n) => `'${n}'`).join(', ')}; known: ${SNAPSHOT_DATASETS.join(', ')}`,
    };
  }
  // In the order of SNAPSHOT_DATASETS, each once.
  return SNAPSHOT_DATASETS.filter((name) => names.includes(name));
}

function targetsOf(
  out: string,
  asOf: string | undefined,
  monthly: string | undefined,
  rest: readonly string[],
): ParsedArguments | SnapshotTarget[] {
  if ((asOf === undefined) === (monthly === undefined)) return { ok: false, message: 'give either --as-of or --monthly <from> <to>' };
  if (asOf !== undefined) {
    const instant = instantOf(asOf);
    if (rest.length > 0) return { ok: false, message: `unexpected argument ${rest.join(' ')}` };
    return instant === undefined ? { ok: false, message: `--as-of: not an ISO 8601 time: ${asOf}` } : [{ dir: out, asOf: instant }];
  }
  const [toText, ...extra] = rest;
  const from = dayOf(monthly ?? '', false);
  const to = toText === undefined ? undefined : dayOf(toText, true);
  if (from === undefined || to === undefined || extra.length > 0)
    return { ok: false, message: '--monthly takes two days: <from> <to> (YYYY-MM-DD or YYYY-MM)' };
  const ends = monthEnds(from, to);
  if (ends.length === 0) return { ok: false, message: `--monthly ${from} ${to}: no month ends between them` };
  return ends.map((day) => ({ dir: `${out}/${day}`, asOf: endOfIndianDay(day) }));
}

/** The command's arguments, checked; a message for the first problem found. Pure: the caller prints and exits. */
export function parseSnapshotArguments(argv: readonly string[]): ParsedArguments {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        'as-of': { type: 'string' },
        out: { type: 'string' },
        datasets: { type: 'string' },
        monthly: { type: 'string' },
        adjust: { type: 'string', default: 'all' },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  const { values, positionals } = parsed;
  if (values.help) return { ok: true, value: { targets: [], datasets: [], adjust: 'all', help: true } };
  if (values.out === undefined || values.out === '') return { ok: false, message: '--out <dir> is required' };
  const adjust = PriceAdjustModeSchema.safeParse(values.adjust);
  if (!adjust.success) return { ok: false, message: `--adjust: one of none, splits, all, not ${values.adjust}` };
  const datasets = datasetsOf(values.datasets);
  if ('ok' in datasets) return datasets;
  const targets = targetsOf(values.out, values['as-of'], values.monthly, positionals);
  if ('ok' in targets) return targets;
  return { ok: true, value: { targets, datasets, adjust: adjust.data, help: false } };
}
