import type { ShareholdingTruth } from './dataset-truth.ts';
import { fixedHundredthsText } from '#platform/decimals';
import { prngFor } from './prng.ts';

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * A company's quarterly ownership, in hundredths of a per cent: promoters, foreign and
 * domestic institutions drifting quarter to quarter, the public (non-institutions) the rest,
 * so the row adds up to 100. Government is nil, as the summary source always writes it.
 */
export function shareholdingPattern(seed: number, companyIndex: number, quarterEnds: readonly string[]): ShareholdingTruth[] {
  const rng = prngFor(seed, 'company', companyIndex, 'shareholding');
  let promoters = rng.chance(0.04) ? 0 : rng.int(2_500, 7_500);
  let fiis = rng.int(100, 3_000);
  let diis = rng.int(100, 2_500);
  return quarterEnds.map((periodEnd) => {
    if (promoters > 0 && rng.chance(0.3)) promoters = clamp(promoters + rng.int(-150, 60), 1_000, 7_500);
    fiis = clamp(fiis + rng.int(-150, 150), 0, 4_000);
    diis = clamp(diis + rng.int(-120, 150), 0, 4_000);
    const institutions = Math.min(fiis + diis, 9_500 - promoters);
    const fiiShare = fiis + diis === 0 ? 0 : Math.round((institutions * fiis) / (fiis + diis));
    const pub = 10_000 - promoters - institutions;
    return {
      periodEnd,
      promoterPct: fixedHundredthsText(promoters),
      fiiPct: fixedHundredthsText(fiiShare),
      diiPct: fixedHundredthsText(institutions - fiiShare),
      governmentPct: '0',
      publicPct: fixedHundredthsText(pub),
    };
  });
}
