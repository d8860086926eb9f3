import type { z } from 'zod';
import type { Company } from '#schemas/read-models';
import type { DatasetName } from '#read/datasets';
import type { RouteDeps } from './route-deps.ts';
import { type GetRoute, getRoute } from './get-route.ts';
import type { RouteDoc } from './route-schema.ts';

/** One page of a list query: its items and how many match over all pages. */
export interface ListPage<T> {
  readonly items: readonly T[];
  readonly total: number;
}

/** The paging fields every paged list's query has. */
export interface PageQuery {
  readonly limit: number;
  readonly offset: number;
}

/**
 * The paging part of a list's `meta`: `count`, `total`, `limit`, `offset`, in that order
 * (the body is serialised as built, so the order is the order clients see).
 */
export const pageMeta = (page: ListPage<unknown>, query: PageQuery) => ({
  count: page.items.length,
  total: page.total,
  limit: query.limit,
  offset: query.offset,
});

/** The fields of a list query over a date range. */
export interface RangePageQuery extends PageQuery {
  readonly start?: string | undefined;
  readonly end?: string | undefined;
}

/** The date range and page a list query asks for, as the list queries of the projections take them. */
export const rangeAndPage = (query: RangePageQuery) => ({
  start: query.start,
  end: query.end,
  limit: query.limit,
  offset: query.offset,
});

/** A `GET` list route: its OpenAPI description, the dataset it serves, and how it answers a query. */
export interface PagedListRoute<Q extends z.ZodType<PageQuery>, R extends z.ZodType> extends RouteDoc<Q, R> {
  /** Checked before anything is read: an unavailable dataset is a 503. */
  readonly dataset: DatasetName;
  /**
   * The company reference of the query, if it names one; it is resolved (404 when unknown)
   * before `answer`. A route with it documents 404 besides the dataset's 503.
   */
  readonly companyOf?: (query: z.output<Q>) => string | undefined;
  readonly answer: (query: z.output<Q>, company: Company | undefined) => Promise<z.output<R>>;
}

/**
 * A list route of the one shape they share: check the dataset, resolve the company the
 * query names, answer with the route's page in the `{data, meta}` envelope.
 */
export function pagedListRoute<Q extends z.ZodType<PageQuery>, R extends z.ZodType>(
  { datasets, companies }: RouteDeps,
  route: PagedListRoute<Q, R>,
): GetRoute {
  return getRoute(route, route.companyOf === undefined ? [503] : [404, 503], async (query) => {
    await datasets.require(route.dataset);
    const reference = route.companyOf?.(query);
    const company = reference === undefined ? undefined : await companies.require(reference);
    return route.answer(query, company);
  });
}
