import type { SqlExecutor } from './db.ts';

/** A step a service takes once per store (migration 0007), as recorded. */
export interface StepRecord {
  readonly startedAt: Date;
  /** Null while the step has not completed: begun, then interrupted or still running. */
  readonly finishedAt: Date | null;
  readonly outcome: Readonly<Record<string, unknown>>;
}

interface StepRow {
  started_at: Date;
  finished_at: Date | null;
  outcome: Record<string, unknown>;
}

const toRecord = (row: StepRow): StepRecord => ({ startedAt: row.started_at, finishedAt: row.finished_at, outcome: row.outcome });

export async function readStep(db: SqlExecutor, step: string): Promise<StepRecord | undefined> {
  const { rows } = await db.query<StepRow>('select started_at, finished_at, outcome from service_steps where step = $1', [step]);
  const [row] = rows;
  return row ? toRecord(row) : undefined;
}

/**
 * Records `step` as begun, or with `finished` as already done (`outcome` saying why),
 * unless another process recorded it first; answers the record as it then stands, so
 * processes starting together act on the same one.
 */
export async function recordStep(
  db: SqlExecutor,
  step: string,
  options: { readonly finished?: boolean; readonly outcome?: Readonly<Record<string, unknown>> } = {},
): Promise<StepRecord> {
  await db.query(
    `insert into service_steps (step, finished_at, outcome)
     values ($1, case when $2::boolean then now() end, $3::jsonb)
     on conflict (step) do nothing`,
    [step, options.finished ?? false, JSON.stringify(options.outcome ?? {})],
  );
  const record = await readStep(db, step);
  if (!record) throw new Error(`the service step ${step} was not recorded`);
  return record;
}

/** Records `step` as completed, with what it did. */
export async function finishStep(db: SqlExecutor, step: string, outcome: Readonly<Record<string, unknown>>): Promise<void> {
  await db.query('update service_steps set finished_at = now(), outcome = $2::jsonb where step = $1', [step, JSON.stringify(outcome)]);
}
