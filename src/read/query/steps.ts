import { RunAbortedError } from '#platform/errors';

export const STAGES = [
  'planning',
  'resolving the company',
  'fetching facts',
  'computing metrics',
  'screening',
  'searching documents',
  'composing',
] as const;
export type Stage = (typeof STAGES)[number];

export interface StepReport {
  readonly stage: Stage;
  readonly status: 'done' | 'skipped' | 'failed';
  readonly elapsed_ms: number;
  readonly counts: Record<string, number>;
  readonly detail?: string;
}

export type OnStep = (step: StepReport) => void;

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new RunAbortedError();
}

/**
 * Runs one stage, reports it with its time and counts, and stops before starting when the
 * run was cancelled. A failing stage is reported as failed and its error passed on.
 */
export async function runStage<T>(
  stage: Stage,
  options: { onStep?: OnStep | undefined; signal?: AbortSignal | undefined },
  work: () => Promise<T>,
  counts: (result: T) => Record<string, number>,
): Promise<T> {
  throwIfAborted(options.signal);
  const started = performance.now();
  try {
    const result = await work();
    options.onStep?.({ stage, status: 'done', elapsed_ms: Math.round(performance.now() - started), counts: counts(result) });
    return result;
  } catch (error) {
    options.onStep?.({
      stage,
      status: 'failed',
      elapsed_ms: Math.round(performance.now() - started),
      counts: {},
      detail: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
}

export const skipStage = (stage: Stage, onStep: OnStep | undefined, detail: string) =>
  onStep?.({ stage, status: 'skipped', elapsed_ms: 0, counts: {}, detail });
