import { describe, expect, it } from 'vitest';
import { matchEventTypes } from './match-event-types.ts';

const TYPES = [
  { event_type: 'board_meeting', count: 40 },
  { event_type: 'financial_results', count: 12 },
  { event_type: 'dividend', count: 6 },
  { event_type: 'order_or_contract', count: 2 },
  { event_type: 'agm_egm', count: 3 },
];

const found = (query: string) => matchEventTypes(query, TYPES).map((hit) => [hit.event_type, hit.match]);

describe('matchEventTypes', () => {
  it('is exact for the type name, however written', () => {
    expect(matchEventTypes('board_meeting', TYPES)[0]).toMatchObject({ event_type: 'board_meeting', match: 'exact', score: 1, count: 40 });
    expect(found('Board meetings')).toEqual([['board_meeting', 'exact']]);
  });

  it('finds a type named among other words, or by part of its name', () => {
    expect(found('dividend announcements')).toEqual([['dividend', 'substring']]);
    expect(found('results')).toEqual([['financial_results', 'substring']]);
    expect(found('contract')).toEqual([['order_or_contract', 'substring']]);
    expect(found('AGM')).toEqual([['agm_egm', 'substring']]);
  });

  it('finds nothing for unrelated words or filler', () => {
    expect(found('Reliance Industries')).toEqual([]);
    expect(found('or')).toEqual([]);
    expect(found('re')).toEqual([]);
  });
});
