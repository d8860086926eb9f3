import { chooseAnswer } from './answer/choose-answer.ts';
import { createModelWriter } from './answer/model-writer.ts';
import { planQuestion } from './planner/plan-question.ts';
import type { QueryEngine } from './run-query.ts';

/**
 * The service's engine: the deterministic planner, and the deterministic answer writer,
 * or a model-backed one when ANSWER_MODEL_URL is set (it receives only the packet, and its
 * text is used only when it passes the same number and advice checks).
 */
export function createQueryEngine(env: Readonly<Record<string, string | undefined>>): QueryEngine {
  const modelWriter = createModelWriter(env);
  return {
    plan: (question) => planQuestion(question, { today: new Date().toISOString().slice(0, 10) }),
    answer: (packet, signal) => chooseAnswer(packet, { modelWriter, signal }),
  };
}
