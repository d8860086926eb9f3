import type { ValidationError } from '#schemas/api';

/**
 * How much of a request a 422 echoes back (docs/api.md, "Request limits"). FastAPI reports
 * every error with the whole offending value; here a hostile body could make that answer
 * hundreds of megabytes, so the list and every value in it are cut to these sizes.
 */
export const DETAIL_LIMITS = {
  /** The first errors found are reported, at most this many. */
  errors: 20,
  /** Strings in `input` and `loc` longer than this are cut to this length, ending in `…`. */
  inputText: 100,
  /** `msg` and `ctx` texts are worded by the schema, not the client; cut only past this. */
  schemaText: 500,
  /** Lists and objects in `input` with more items than this keep one fewer, then a `…` item (or key). */
  items: 10,
  /** Lists and objects nested deeper than this in `input` are replaced by `…`. */
  depth: 3,
  /** Errors after the first stop being added once the serialised list would pass this. */
  bodyChars: 8_192,
} as const;

const ELLIPSIS = '…';

/**
 * A text of at most `max` UTF-16 units: a longer one keeps its start and ends in `…`, never
 * splitting a surrogate pair. Cutting a cut text again changes nothing.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 2)) ? max - 2 : max - 1;
  return text.slice(0, end) + ELLIPSIS;
}

/** A bounded copy of an echoed value; recursion is bounded by `DETAIL_LIMITS.depth`. */
function boundedValue(value: unknown, textMax: number, depth = 0): unknown {
  if (typeof value === 'string') return cutText(value, textMax);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= DETAIL_LIMITS.depth) return ELLIPSIS;
  if (Array.isArray(value)) {
    if (value.length <= DETAIL_LIMITS.items) return value.map((item: unknown) => boundedValue(item, textMax, depth + 1));
    const kept = value.slice(0, DETAIL_LIMITS.items - 1).map((item: unknown) => boundedValue(item, textMax, depth + 1));
    return [...kept, ELLIPSIS];
  }
  // for-in stops early: Object.keys would list every key of a 100,000-key object first.
  const keys: string[] = [];
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (keys.length > DETAIL_LIMITS.items) break;
    keys.push(key);
  }
  const cut = keys.length > DETAIL_LIMITS.items;
  const bounded: Record<string, unknown> = {};
  for (const key of cut ? keys.slice(0, DETAIL_LIMITS.items - 1) : keys) {
    bounded[cutText(key, textMax)] = boundedValue((value as Record<string, unknown>)[key], textMax, depth + 1);
  }
  if (cut) bounded[ELLIPSIS] = ELLIPSIS;
  return bounded;
}

function boundedError(error: ValidationError): ValidationError {
  return {
    type: error.type,
    loc: error.loc.map((key) => (typeof key === 'string' ? cutText(key, DETAIL_LIMITS.inputText) : key)),
    msg: cutText(error.msg, DETAIL_LIMITS.schemaText),
    ...('input' in error ? { input: boundedValue(error.input, DETAIL_LIMITS.inputText) } : {}),
    ...(error.ctx ? { ctx: boundedValue(error.ctx, DETAIL_LIMITS.schemaText) as Record<string, unknown> } : {}),
  };
}

/**
 * The errors a 422 reports: the first ones, each with its echoed values cut to size
 * (DETAIL_LIMITS), so the answer stays a few kilobytes whatever was sent. Idempotent.
 */
export function boundedDetail(errors: readonly ValidationError[]): ValidationError[] {
  const kept: ValidationError[] = [];
  let chars = 0;
  for (const error of errors.slice(0, DETAIL_LIMITS.errors)) {
    const bounded = boundedError(error);
    chars += JSON.stringify(bounded).length;
    if (kept.length > 0 && chars > DETAIL_LIMITS.bodyChars) break;
    kept.push(bounded);
  }
  return kept;
}
