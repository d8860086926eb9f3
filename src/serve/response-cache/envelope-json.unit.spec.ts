import { describe, expect, it } from 'vitest';
import { envelope } from '#serve/http/envelope';
import { envelopeBody, toEnvelopeJson } from './envelope-json.ts';

describe('envelopeBody', () => {
  it('is JSON.stringify of the envelope, with the timestamp given', () => {
    const bodies = [
      envelope([{ value: '1.50', decimals: null, note: 'a "quoted" \u2028 text' }], { ticker: 'ACC', as_of: null, count: 1 }),
      envelope([], {}),
      envelope({ nested: { meta: { timestamp: 'x' } } }, { skipped: undefined, concepts: ['Revenue'] }),
    ];
    for (const body of bodies) {
      expect(envelopeBody(toEnvelopeJson(body), body.meta.timestamp)).toBe(JSON.stringify(body));
      const later = { ...body, meta: { ...body.meta, timestamp: '2030-01-01T00:00:00.000Z' } };
      expect(envelopeBody(toEnvelopeJson(body), later.meta.timestamp)).toBe(JSON.stringify(later));
    }
  });
});
