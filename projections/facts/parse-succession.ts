import type { FinancialsEvent } from './fact-filings.ts';

/** The parse of a filing the facts table holds. */
export interface HeldParse {
  readonly filing_id: string;
  readonly company_id: string;
  readonly parser_version: number;
  readonly event_id: string;
}

/**
 * Whether a parse replaces the one held for its filing: a higher parser version, or a
 * later parse by the same version (the document parsed again with the context it lacked,
 * such as its listing's dissemination time).
 */
export const replacesHeld = (parse: FinancialsEvent, held: HeldParse | undefined): boolean =>
  !held ||
  held.parser_version < parse.data.parserVersion ||
  (held.parser_version === parse.data.parserVersion && held.event_id !== parse.id);

/**
 * Per filing, the parses of a batch that each replace the one before, in event order (a
 * parse by an older parser than one already seen is left out). The last of each chain is
 * what the batch leaves in force, unless the table holds a later parse.
 */
export function parseChains(events: readonly FinancialsEvent[]): Map<string, FinancialsEvent[]> {
  const chains = new Map<string, FinancialsEvent[]>();
  for (const event of events) {
    const chain = chains.get(event.data.filingId);
    const head = chain?.at(-1);
    if (!chain) chains.set(event.data.filingId, [event]);
    else if (head && head.data.parserVersion <= event.data.parserVersion) chain.push(event);
  }
  return chains;
}

/** A parse leaving the facts in force, and the earliest time a parse replacing it was recorded. */
export interface ReplacedParse {
  readonly event: FinancialsEvent;
  readonly replacedAt: string;
}

export interface Replacements {
  /** The held parses being replaced, each with when it was replaced. */
  readonly held: ReadonlyArray<HeldParse & { readonly replacedAt: string }>;
  /** Parses of this batch that a later parse of the batch replaces. */
  readonly withinBatch: readonly ReplacedParse[];
}

const earliest = (instants: readonly string[]): string => instants.reduce((a, b) => (b < a ? b : a));

/**
 * What applying the batch replaces, for the filings whose chain the batch applies. A parse
 * is replaced at the earliest recorded_at of the parses after it, not at the next one's:
 * recorded_at is its transaction's start, so a later parse can carry an earlier time, and
 * at any instant exactly one parse of a filing must be in force.
 */
export function replacementsOf(
  chains: ReadonlyMap<string, readonly FinancialsEvent[]>,
  held: ReadonlyMap<string, HeldParse>,
  appliedFilings: Iterable<string>,
): Replacements {
  const replacedHeld: Array<HeldParse & { replacedAt: string }> = [];
  const withinBatch: ReplacedParse[] = [];
  for (const filingId of appliedFilings) {
    const before = held.get(filingId);
    // Chains rise in parser version, so the parses replacing the held one are a suffix.
    const applied = (chains.get(filingId) ?? []).filter((parse) => replacesHeld(parse, before));
    const recorded = applied.map((parse) => parse.metadata.recordedAt);
    if (recorded.length === 0) continue;
    if (before) replacedHeld.push({ ...before, replacedAt: earliest(recorded) });
    applied.slice(0, -1).forEach((event, i) => withinBatch.push({ event, replacedAt: earliest(recorded.slice(i + 1)) }));
  }
  return { held: replacedHeld, withinBatch };
}
