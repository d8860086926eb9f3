import { belongsToCompany, statedCompanyJoin } from '#projections/companies';
import { ACTION_DAY, CORPORATE_ACTIONS } from './tables.ts';

/**
 * SQL over an action row alias: how many shares one share becomes on its ex-date. A
 * face-value split from F1 to F2: F1 / F2 (10 → 1 is 10); a bonus of A new for every B
 * held: (A + B) / B (1:1 is 2). Null when the action does not state its terms.
 */
export const shareFactorSql = (alias: string): string => `(case ${alias}.action_type
      when 'stock_split' then ${alias}.face_value_from / nullif(${alias}.face_value_to, 0)
      when 'bonus_issue' then (${alias}.ratio_new + ${alias}.ratio_existing) / nullif(${alias}.ratio_existing, 0)
    end)`;

/**
 * SQL text of the splits and bonus issues of one company (`companyId`, an SQL expression
 * from code) with a stated ex-date and terms, one row per action (copies of one action in
 * two files are served once): `action_type, ex_date, known_at, face_value_from,
 * face_value_to, factor`.
 */
export function shareActionsSql(companyId: string): string {
  return `select a.action_type, a.ex_date, a.known_at, a.face_value_from, a.face_value_to, ${shareFactorSql('a')} as factor
    from ${CORPORATE_ACTIONS} a ${statedCompanyJoin('a', 'r', ACTION_DAY)}
    where a.duplicate_of is null and a.action_type in ('stock_split', 'bonus_issue') and a.ex_date is not null
      and ${shareFactorSql('a')} > 0
      and ${belongsToCompany('a', 'r', companyId)}`;
}
