import type { z } from 'zod';
import { identityOfCompany } from '#projections/companies';
import type { FactView } from '#schemas/common';
import type { Company } from '#schemas/read-models';
import type { DatasetName } from '#read/datasets';
import { cachedRoute } from './cached-route.ts';
import type { RouteDeps } from './route-deps.ts';
import { type GetRoute, getRoute } from './get-route.ts';
import type { RouteDoc } from './route-schema.ts';

/** The fields of a query about one company: the reference, and the instant its identifiers are read at. */
export interface CompanyQuery {
  readonly ticker: string;
  readonly as_of?: string | undefined;
}

/**
 * The company part of a single-company route's `meta`: the reference asked and the company it
 * names, first and in that order (the body is serialised as built).
 */
export const companyMeta = (query: CompanyQuery, company: Company) => ({ ticker: query.ticker, company: identityOfCompany(company) });

/**
 * The instants and view a point-in-time answer was read with (`ResolvedTimeMeta`): those asked
 * for, and the instant it was read at for those not asked for (and for `as_of` under `latest`,
 * the version known then), so asking again with all three gives the same answer.
 */
export function resolvedTimes(
  query: { readonly as_of?: string | undefined; readonly recorded_as_of?: string | undefined; readonly view: FactView },
  readAt: string,
) {
  return { as_of: query.as_of ?? readAt, recorded_as_of: query.recorded_as_of ?? readAt, view: query.view };
}

/** A `GET` route about one company: its OpenAPI description, the dataset it serves, and how it answers. */
export interface CompanyRoute<Q extends z.ZodType<CompanyQuery>, R extends z.ZodType> extends RouteDoc<Q, R> {
  /** Checked before anything is read: an unavailable dataset is a 503. */
  readonly dataset: DatasetName;
  readonly answer: (query: z.output<Q>, company: Company) => Promise<z.output<R>>;
  /**
   * The answer is a function of the query and the read tables alone (docs/caching.md), so it
   * may be remembered until a projection moves, when the app has a response cache.
   */
  readonly cacheable?: boolean;
}

/**
 * A route of the one shape the single-company reads share: check the dataset, resolve the
 * company `ticker` names as of `as_of` (404 when unknown), answer.
 */
export function companyRoute<Q extends z.ZodType<CompanyQuery>, R extends z.ZodType>(
  { datasets, companies, responses }: RouteDeps,
  route: CompanyRoute<Q, R>,
): GetRoute {
  const answered = getRoute(route, [404, 503], async (query) => {
    await datasets.require(route.dataset);
    const company = await companies.require(query.ticker, { asOf: query.as_of });
    return route.answer(query, company);
  });
  return route.cacheable && responses ? cachedRoute(answered, responses, () => datasets.require(route.dataset)) : answered;
}
