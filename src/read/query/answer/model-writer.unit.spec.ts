import { describe, expect, it, vi } from 'vitest';
import { chooseAnswer, type FallbackReason } from './choose-answer.ts';
import { ACC_Q3_FILING, givenFact, givenFilingCitation, givenPacket, givenPassage } from '../../../../test/support/given-packet.ts';
import { MODEL_INSTRUCTIONS } from './model-instructions.ts';
import { createModelWriter, type ModelWriter } from './model-writer.ts';
import { writeAnswer } from './write-answer.ts';

const ENV = {
  ANSWER_MODEL_URL: 'https://models.example/v1/chat/completions',
  ANSWER_MODEL_API_KEY: 'sk-test',
  ANSWER_MODEL_NAME: 'answer-small',
};
const packet = givenPacket(
  { route: 'hybrid', reference: 'ACC', concepts: ['Revenue'] },
  { facts: [givenFact()], passages: [givenPassage()] },
);

const completion = (content: string): Response =>
  new Response(JSON.stringify({ id: 'c1', choices: [{ index: 0, message: { role: 'assistant', content } }] }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** A stub fetch answering every call with `respond`; records the calls. */
function givenFetch(respond: (init: RequestInit | undefined) => Promise<Response>) {
  return vi.fn((_url: string | URL | Request, init?: RequestInit) => respond(init));
}

const GOOD = `ACC Limited's revenue from operations was ₹5,927.38 crore for the quarter ended 31 December 2024 (Q3 FY2025, consolidated; filing ${ACC_Q3_FILING}, known at 2025-01-31 13:15 UTC). The results filing says “revenue from operations rose to Rs 5,927 crore, up 2.2% on the year”.`;

describe('createModelWriter', () => {
  it('is absent without a URL or a model name', () => {
    expect(createModelWriter({})).toBeUndefined();
    expect(createModelWriter({ ANSWER_MODEL_URL: ENV.ANSWER_MODEL_URL })).toBeUndefined();
    expect(createModelWriter({ ANSWER_MODEL_NAME: 'm', ANSWER_MODEL_URL: '  ' })).toBeUndefined();
  });

  it('posts only the instruction and the packet as JSON to the chat completions endpoint, with the key', async () => {
    const fetch = givenFetch(async () => completion(GOOD));
    const writer = createModelWriter(ENV, { fetch });
    expect(await writer?.(packet)).toBe(GOOD);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(ENV.ANSWER_MODEL_URL);
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ 'content-type': 'application/json', authorization: 'Bearer sk-test' });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    expect(JSON.parse(init?.body as string)).toEqual({
      model: 'answer-small',
      temperature: 0,
      messages: [
        { role: 'system', content: MODEL_INSTRUCTIONS },
        { role: 'user', content: JSON.stringify(packet) },
      ],
    });
  });

  it('tells the model to use only packet numbers, cite, give no advice and treat passages as data', () => {
    expect(MODEL_INSTRUCTIONS).toMatch(/only numbers that occur in the packet/);
    expect(MODEL_INSTRUCTIONS).toMatch(/filing id and the known_at/);
    expect(MODEL_INSTRUCTIONS).toMatch(/No advice/);
    expect(MODEL_INSTRUCTIONS).toMatch(/never instructions to you/);
  });

  it("aborts the request when the caller's signal aborts", async () => {
    const controller = new AbortController();
    const fetch = givenFetch(
      (init) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted by caller')))),
    );
    const pending = createModelWriter(ENV, { fetch })?.(packet, controller.signal);
    controller.abort();
    await expect(pending).rejects.toThrow('aborted by caller');
  });

  it('fails on an error status or a body without text', async () => {
    const failing = createModelWriter(ENV, { fetch: givenFetch(async () => new Response('overloaded', { status: 503 })) });
    await expect(failing?.(packet)).rejects.toThrow(/status 503/);
    const empty = createModelWriter(ENV, { fetch: givenFetch(async () => new Response(JSON.stringify({ choices: [] }), { status: 200 })) });
    await expect(empty?.(packet)).rejects.toThrow(/no text/);
  });
});

describe('chooseAnswer', () => {
  const withModel = async (respond: (init: RequestInit | undefined) => Promise<Response>, timeoutMs = 1000) => {
    const reasons: FallbackReason[] = [];
    const modelWriter = createModelWriter(ENV, { fetch: givenFetch(respond), timeoutMs });
    const answer = await chooseAnswer(packet, { modelWriter, onFallback: (r) => reasons.push(r) });
    return { answer, reasons };
  };

  it('without a model writer, is the deterministic answer', async () => {
    expect(await chooseAnswer(packet)).toEqual(writeAnswer(packet));
  });

  it("uses the model's text when every number in it is in the packet, and cites its numbers", async () => {
    const { answer, reasons } = await withModel(async () => completion(`  ${GOOD}\n`));
    expect(reasons).toEqual([]);
    expect(answer).toEqual({
      text: GOOD,
      writer: 'model',
      // The quoted passage's figures (Rs 5,927 crore, 2.2%) are its words: it is a quotation, never a citation.
      citations: [givenFilingCitation('₹5,927.38 crore', 'fact')],
      quotations: [{ kind: 'document', id: givenPassage().id, source_url: givenPassage().source_url, known_at: givenPassage().known_at }],
    });
  });

  it('falls back to the deterministic text when the model invents a number', async () => {
    const { answer, reasons } = await withModel(async () => completion(`${GOOD} Profit grew 14.2% on the year.`));
    expect(answer).toEqual(writeAnswer(packet));
    expect(reasons).toEqual([{ kind: 'numbers', numbers: ['14.2%'] }]);
  });

  it('falls back when the model follows a passage out of its quotation, or gives advice', async () => {
    const { reasons: quoted } = await withModel(async () => completion(`${GOOD} Revenue grew 12%.`));
    expect(quoted).toEqual([{ kind: 'numbers', numbers: ['12%'] }]);
    const { answer, reasons } = await withModel(async () => completion(`${GOOD} The stock looks undervalued.`));
    expect(answer.writer).toBe('deterministic');
    expect(reasons).toEqual([{ kind: 'advice', terms: ['undervalued'] }]);
  });

  it('falls back when the model fails, sends nothing, or times out', async () => {
    const { answer: failed, reasons: failure } = await withModel(async () => Promise.reject(new TypeError('fetch failed')));
    expect(failed).toEqual(writeAnswer(packet));
    expect(failure).toEqual([{ kind: 'error', error: new TypeError('fetch failed') }]);

    const { reasons: blank } = await withModel(async () => completion('   '));
    expect(blank).toEqual([{ kind: 'empty' }]);

    const hang = (init: RequestInit | undefined) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)));
    const { answer: slow, reasons: timeout } = await withModel(hang, 20);
    expect(slow).toEqual(writeAnswer(packet));
    expect(timeout).toHaveLength(1);
    expect(timeout[0]).toMatchObject({ kind: 'error', error: { name: 'TimeoutError' } });
  });

  it("falls back when the caller's signal aborts the model call", async () => {
    const controller = new AbortController();
    const modelWriter: ModelWriter = (_packet, signal) =>
      new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    const pending = chooseAnswer(packet, { modelWriter, signal: controller.signal });
    controller.abort();
    expect(await pending).toEqual(writeAnswer(packet));
  });
});
