import { FACTS, REPLACED_FACTS } from '#projections/facts';
import type { FactConcept } from '#schemas/common';
import type { SqlExecutor } from '#platform/db';
import { type DecimalColumnType, decimalTypeOf, digitsOf } from '#platform/parquet';

/** Which facts a Parquet file of facts may hold: some companies, some concepts, or all of either. */
export interface FactValueScope {
  readonly companyIds?: readonly string[] | undefined;
  readonly concepts?: readonly FactConcept[] | undefined;
}

/**
 * The Parquet type of the `value` column of a file of facts of `scope`, decided before its
 * first row is read (a streamed response cannot go back): DECIMAL(p, s) with s the most
 * decimal places and p − s the most integer digits of any value of every version of those
 * facts, held or replaced by a re-parse, so whatever as_of, recorded_as_of or period the file
 * is read with, each of its values fits exactly. Past 38 digits, the decimal text. One
 * aggregate over the scope's rows, by the primary key's company range (the concept index for
 * concepts alone): the rows an export reads anyway.
 */
export async function factValueType(db: SqlExecutor, scope: FactValueScope): Promise<DecimalColumnType> {
  const values: unknown[] = [];
  const conditions = [
    scope.companyIds === undefined ? undefined : `f.company_id = any($${values.push(scope.companyIds)}::uuid[])`,
    scope.concepts === undefined || scope.concepts.length === 0 ? undefined : `f.concept = any($${values.push(scope.concepts)}::text[])`,
  ].filter((condition) => condition !== undefined);
  const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
  const { rows } = await db.query<{ scale: number | null; largest: string | null }>(
    `select max(scale(v.value))::int as scale, max(abs(v.value))::text as largest
     from (select f.value from ${FACTS} f ${where} union all select f.value from ${REPLACED_FACTS} f ${where}) v`,
    values,
  );
  const { scale, largest } = rows[0] ?? { scale: null, largest: null };
  return decimalTypeOf({ integerDigits: largest === null ? 0 : digitsOf(largest).integerDigits, scale: scale ?? 0 });
}
