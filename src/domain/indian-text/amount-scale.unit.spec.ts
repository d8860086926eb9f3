import { describe, expect, it } from 'vitest';
import { answerScaleWords, QUESTION_SCALE_WORDS, rupeeUnitPower, scalePower } from './amount-scale.ts';

const INDIAN_SPELLINGS: ReadonlyArray<readonly [string, number]> = [
  ['lakh', 5],
  ['Lakhs', 5],
  ['lac', 5],
  ['LACS', 5],
  ['crore', 7],
  ['Crores', 7],
  ['cr', 7],
  ['Cr.', 7],
  ['crs', 7],
  ['lakh crore', 12],
  ['lac crores', 12],
  ['lakh cr', 12],
  ['lakhcrore', 12],
];

describe('scale words', () => {
  it('a plan condition names rupees and the Indian scales in every spelling a question reads, with the same power', () => {
    for (const [word, power] of INDIAN_SPELLINGS) {
      expect(rupeeUnitPower(word), word).toBe(power);
      expect(scalePower(word), word).toBe(power);
      expect(new RegExp(`^(?:${QUESTION_SCALE_WORDS})$`, 'i').test(word), word).toBe(true);
    }
    expect(['INR', 'rupees', ' Rs '].map(rupeeUnitPower)).toEqual([0, 0, 0]);
  });

  it('no other unit is a rupee unit: the international scales, ratios, words merely containing a scale', () => {
    for (const unit of [
      'million',
      'bn',
      'k',
      'thousand',
      'percent',
      '%',
      'ratio',
      'INR/share',
      'crorepati',
      'lakh crore rupees',
      'constructor',
    ]) {
      expect(rupeeUnitPower(unit), unit).toBeUndefined();
    }
    expect([scalePower('million'), scalePower('bn'), scalePower('k'), scalePower('tn')]).toEqual([6, 9, 3, 12]);
  });

  it("an answer's scale words are a question's, read to the same power", () => {
    const answer = new RegExp(`^(?:${answerScaleWords(String.raw`[^\S\r\n]`)})$`, 'i');
    const words = [
      'lakh crore',
      'lakh  crores',
      'lakh',
      'lakhs',
      'lac',
      'lacs',
      'crore',
      'crores',
      'cr',
      'thousand',
      'million',
      'mn',
      'billion',
      'bn',
      'trillion',
    ];
    for (const word of words) {
      expect(answer.test(word), word).toBe(true);
      expect(scalePower(word), word).toBeGreaterThan(0);
    }
    for (const word of ['k', 'tn', 'crs', 'Cr.', 'lac crore', 'lakh\ncrore']) expect(answer.test(word), word).toBe(false);
  });
});
