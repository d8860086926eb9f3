import type { RetrievalPlan } from '#schemas/query';
import type { QuestionReading } from './read-question.ts';

/** The plan's `references` extension: set only when the question compares or lists several companies. */
export function referencesOf(q: QuestionReading): string[] | undefined {
  return q.references.references.length > 1 ? [...q.references.references] : undefined;
}

/** How the companies were read: compared side by side, or named but not part of the plan. */
export function referenceNotes(q: QuestionReading, plan: RetrievalPlan): string[] {
  const compared = plan.references ?? [];
  const lower = new Set([...compared, ...q.references.aliases].map((r) => r.toLowerCase()));
  const others = q.reference.others.filter((o) => !lower.has(o.toLowerCase()) && o !== plan.reference);
  return [
    ...(compared.length > 1 ? [`companies compared: ${compared.join(', ')} (each resolved and answered side by side)`] : []),
    ...(q.references.dropped.length > 0
      ? [`also compared but left out: ${q.references.dropped.join(', ')} (a plan compares at most ${compared.length})`]
      : []),
    ...q.references.aliases.map((a) => `"${a}" in brackets read as another name of the company before it`),
    ...(others.length > 0 ? [`also named: ${others.join(', ')} (not compared: only companies listed together are)`] : []),
  ];
}
