import type { SqlExecutor } from '#platform/db';
import { factJson } from './fact-json.ts';
import { type FactPosition, type ListFactsParams, listFactsQuery } from './queries.ts';

/** A fact as JSON text, with the columns of its place in the order of `listFacts`. */
export interface FactLine {
  json: string;
  period_end: string;
  period_type: FactPosition['periodType'];
  concept: FactPosition['concept'];
  basis: FactPosition['basis'];
}

export const positionOfLine = (line: FactLine): FactPosition => ({
  periodEnd: line.period_end,
  periodType: line.period_type,
  concept: line.concept,
  basis: line.basis,
});

/** The facts `listFacts` returns for `params`, in its order, each as its JSON text. */
export async function listFactLines(db: SqlExecutor, params: ListFactsParams): Promise<FactLine[]> {
  const { text, values } = listFactsQuery(params);
  const { rows } = await db.query<FactLine>(
    `select ${factJson('f')} as json, f.period_end::text as period_end, f.period_type, f.concept, f.basis
     from (${text}) f
     order by f.period_end desc, f.period_type, f.concept, f.basis`,
    values,
  );
  return rows;
}
