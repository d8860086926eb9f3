import {
  type Answer,
  type EvidencePacket,
  type Gap,
  type RetrievalPlan,
  type RetrievalPlanInput,
  RetrievalPlanSchema,
} from '#schemas/query';
import type { SqlExecutor } from '#platform/db';
import { executePlan } from './execute-plan.ts';
import { type OnStep, runStage } from './steps.ts';

/** The two replaceable parts of a run: the planner and the answer writer. */
export interface QueryEngine {
  /**
   * `gaps`: what the question asks that the plan cannot fetch, stated in the packet;
   * `limit` when the question asks for one ("top 5 by ...").
   */
  plan(question: string): { plan: RetrievalPlanInput; notes: readonly string[]; gaps?: readonly Gap[]; limit?: number | undefined };
  answer(packet: EvidencePacket, signal: AbortSignal | undefined): Promise<Answer>;
}

export interface QueryRun {
  readonly packet: EvidencePacket;
  readonly answer: Answer;
  readonly notes: readonly string[];
}

/**
 * Question to answer: the caller's plan as given (validated by the route), or the
 * deterministic planner's; then the plan run against the read tables; then prose written
 * from the packet only. Each stage is reported to `onStep`; a cancelled run stops between
 * stages.
 */
export async function runQuery(
  db: SqlExecutor,
  engine: QueryEngine,
  request: { query: string; plan?: RetrievalPlan | null | undefined; limit: number },
  options: { onStep?: OnStep | undefined; signal?: AbortSignal | undefined } = {},
): Promise<QueryRun> {
  const planned = await runStage(
    'planning',
    options,
    () =>
      Promise.resolve(
        request.plan
          ? { plan: request.plan, notes: [] as readonly string[], gaps: [] as readonly Gap[], limit: undefined, by: 'caller' as const }
          : { ...engine.plan(request.query), by: 'planner' as const },
      ),
    (p) => ({ concepts: RetrievalPlanSchema.parse(p.plan).concepts.length }),
  );
  const plan = RetrievalPlanSchema.parse(planned.plan);
  const limit = Math.min(50, planned.limit ?? request.limit);
  const executed = await executePlan(db, { question: request.query, plan, plannedBy: planned.by }, { limit, ...options });
  const packet = { ...executed, gaps: [...(planned.gaps ?? []), ...executed.gaps] };
  const answer = await runStage(
    'composing',
    options,
    () => engine.answer(packet, options.signal),
    (a) => ({ citations: a.citations.length }),
  );
  return { packet, answer, notes: planned.notes };
}
