import { contextAttributes, contextKeyOf, type DocumentContext } from '#ingest/jobs';

type Rank = readonly [tier: number, knownAtMs: number, sourceUrl: string, contextKey: string];

/**
 * A delivery's context as a sort key: a stated dissemination time first, the earliest
 * winning; then context without a time (a URL, a listing entry without its time); then
 * none. The URL and the context's digest break ties, so the order is total.
 */
function rankOf(context: DocumentContext): Rank {
  if (context.knownAt !== null) {
    // As stored (UTC, milliseconds), so one instant written two ways is one context.
    const knownAt = new Date(context.knownAt).toISOString();
    return [0, Date.parse(knownAt), context.sourceUrl ?? '', contextKeyOf({ ...context, knownAt })];
  }
  const hasContext = context.sourceUrl !== null || Object.keys(contextAttributes(context.attributes)).length > 0;
  return [hasContext ? 1 : 2, 0, context.sourceUrl ?? '', contextKeyOf(context)];
}

/**
 * Whether `next` is an earlier dissemination of the same bytes than `held`: the copy a
 * document is known by. A total order over contexts, so which copy wins does not depend on
 * the order the copies arrive in.
 */
export function isEarlierContext(next: DocumentContext, held: DocumentContext): boolean {
  const a = rankOf(next);
  const b = rankOf(held);
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return (a[i] as number | string) < (b[i] as number | string);
  }
  return false;
}
