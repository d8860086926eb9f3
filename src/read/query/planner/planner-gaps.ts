import type { Gap } from '#schemas/query';
import { conceptLabel } from '#read/phrases';
import type { LeftOut } from './left-out.ts';
import type { MetricMention } from './metric-mentions.ts';

/**
 * What the question asks that its plan cannot fetch, as gaps the answer states, so nothing
 * asked is dropped in silence: measures the service does not have ("P/E"), comparisons the
 * plan does not apply, and quarter-on-quarter growth (growth fields are year on year).
 */
export function plannerGaps(
  mentions: readonly MetricMention[],
  leftOut: readonly LeftOut[],
  sequential: readonly string[],
  sequentialScreen: boolean,
): Gap[] {
  return [
    ...mentions
      .filter((m) => m.source === 'unsupported')
      .map((m): Gap => ({
        kind: 'missing',
        subject: m.text,
        message: `'${m.text}' is not a measure this service holds or derives, so it is not answered.`,
      })),
    ...leftOut.map((l): Gap => ({
      kind: 'missing',
      subject: `${l.what}s`,
      message: `The ${l.what} '${l.written}' is not applied: ${l.why}.`,
    })),
    ...sequential.map((id): Gap => ({
      kind: 'missing',
      subject: `${id}_growth`,
      message: `Quarter-on-quarter growth of ${conceptLabel(id)} is not derived here (growth compares with the same period a year earlier); the reported figures are given instead.`,
    })),
    ...(sequentialScreen
      ? [
          {
            kind: 'missing',
            subject: 'filters',
            message: 'Quarter-on-quarter growth is not derived here: the screen compares growth with the same period a year earlier.',
          } satisfies Gap,
        ]
      : []),
  ];
}
