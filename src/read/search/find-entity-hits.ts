import type { SearchHit } from '#schemas/read-models';
import type { SqlExecutor } from '#platform/db';
import { findExactCompany, findExactSecurities } from './find-exact-hits.ts';
import { findFormerNames } from './find-former-names.ts';
import { findSimilarCompanies } from './find-similar-companies.ts';
import { findSimilarSecurities } from './find-similar-securities.ts';
import { parseSearchIdentifier } from './parse-search-identifier.ts';
import { withTrigramThresholds } from './with-trigram-thresholds.ts';

export interface EntitySearch {
  readonly query: string;
  readonly companies: boolean;
  /** Search securities, only the company's when `companyId` is set. */
  readonly securities: boolean;
  readonly companyId: string | null;
  readonly limit: number;
}

/**
 * Company and security hits: the query as an identifier (exact, score 1), and names near
 * it (similar or substring, below 1), current names and former ones. The same company found
 * more than one way is deduplicated by rankHits, keeping its best hit.
 */
export async function findEntityHits(db: SqlExecutor, params: EntitySearch): Promise<SearchHit[]> {
  const identifier = parseSearchIdentifier(params.query);
  return withTrigramThresholds(db, async (tx) => {
    const hits: SearchHit[] = [];
    if (params.companies) {
      if (identifier) hits.push(...(await findExactCompany(tx, identifier)));
      hits.push(...(await findSimilarCompanies(tx, params.query, params.limit)));
      hits.push(...(await findFormerNames(tx, params.query, params.limit)));
    }
    if (params.securities) {
      if (identifier) hits.push(...(await findExactSecurities(tx, identifier, params.companyId, params.limit)));
      hits.push(...(await findSimilarSecurities(tx, params.query, params.companyId, params.limit)));
    }
    return hits;
  });
}
