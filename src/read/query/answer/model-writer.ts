import { z } from 'zod';
import type { EvidencePacket } from '#schemas/query';
import { ModelWriterError } from '#platform/errors';
import { MODEL_INSTRUCTIONS } from './model-instructions.ts';

/**
 * Writes prose for a packet with a language model. The text is unchecked: `chooseAnswer`
 * checks it against the packet before using it.
 */
export type ModelWriter = (packet: EvidencePacket, signal?: AbortSignal) => Promise<string>;

/** The environment variables the model writer reads; any other keys are ignored. */
export type ModelWriterEnv = Readonly<Record<string, string | undefined>>;

export interface ModelWriterOptions {
  /** Injected in tests; the global fetch otherwise. */
  readonly fetch?: typeof fetch;
  /** Abort the request after this long; default 20 s. */
  readonly timeoutMs?: number;
}

const ChatCompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

/** An OpenAI-compatible chat completion request: the instruction, then the packet as JSON and nothing else. */
export function modelRequest(model: string, packet: EvidencePacket): object {
  return {
    model,
    temperature: 0,
    messages: [
      { role: 'system', content: MODEL_INSTRUCTIONS },
      { role: 'user', content: JSON.stringify(packet) },
    ],
  };
}

/**
 * A model writer over the OpenAI-compatible chat completions endpoint ANSWER_MODEL_URL with
 * model ANSWER_MODEL_NAME and, when set, the bearer key ANSWER_MODEL_API_KEY. Undefined when
 * the URL or the model name is not set: the deterministic writer is then the only one.
 */
export function createModelWriter(env: ModelWriterEnv, options: ModelWriterOptions = {}): ModelWriter | undefined {
  const url = env['ANSWER_MODEL_URL']?.trim();
  const model = env['ANSWER_MODEL_NAME']?.trim();
  const key = env['ANSWER_MODEL_API_KEY']?.trim();
  if (!url || !model) return undefined;
  const send = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;
  return async (packet, signal) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const response = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: JSON.stringify(modelRequest(model, packet)),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!response.ok) throw new ModelWriterError(`the answer model answered with status ${response.status}`);
    const parsed = ChatCompletionSchema.safeParse(await response.json());
    if (!parsed.success) throw new ModelWriterError('the answer model sent no text', { cause: parsed.error });
    return parsed.data.choices[0]?.message.content ?? '';
  };
}
