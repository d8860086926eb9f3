import { GROWTH_FIELDS, REPORTED_CONCEPTS } from '#schemas/common';

const SEQUENTIAL =
  /\b(?:qoq|q-o-q|quarter[\s-](?:on|over)[\s-]quarter|sequential(?:ly)?|over\s+the\s+(?:previous|preceding|prior|last)\s+quarter)\b/i;

const GROWTH_WORD = /\b(?:growth|grew|grow|grown|growing)\b/i;

const GROWTH = new Set<string>(GROWTH_FIELDS);
const REPORTED = new Set<string>(REPORTED_CONCEPTS);

/** Whether the question asks quarter on quarter ("QoQ", "sequential", "over the previous quarter"). */
export const asksSequential = (text: string): boolean => SEQUENTIAL.test(text);

/** The concepts of a plan, and the growth fields swapped for their concepts because the question asks quarter on quarter. */
export interface SequentialRead {
  readonly concepts: string[];
  /** The concepts whose quarter-on-quarter growth was asked and whose quarters are given instead. */
  readonly swapped: readonly string[];
}

/**
 * Growth fields compare a period with the same period a year earlier. A question asking
 * quarter on quarter ("TCS revenue growth QoQ", "sequential growth in net profit") is not
 * answered with that: its growth fields give way to their concepts, whose consecutive
 * quarters the answer states, and `swapped` says which (planner-gaps turns it into a gap).
 */
export function sequentialGrowth(text: string, concepts: readonly string[]): SequentialRead {
  if (!asksSequential(text)) return { concepts: [...concepts], swapped: [] };
  if (concepts.some((id) => GROWTH.has(id))) {
    const swapped = concepts.filter((id) => GROWTH.has(id)).map((id) => id.slice(0, -'_growth'.length));
    const kept = concepts.map((id) => (GROWTH.has(id) ? id.slice(0, -'_growth'.length) : id));
    return { concepts: [...new Set(kept)], swapped };
  }
  // "sequential growth in Infosys net profit": the growth word and the concept apart.
  return { concepts: [...concepts], swapped: GROWTH_WORD.test(text) ? concepts.filter((id) => REPORTED.has(id)) : [] };
}
