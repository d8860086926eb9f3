/**
 * Shared by the projection slices (a slice imports this folder and projections/companies,
 * never another slice): the parameters list queries share.
 */

/** A page size and the rows to skip, in the order a list query returns them. */
export interface PageParams {
  readonly limit: number;
  /** Rows to skip; 0 when absent. */
  readonly offset?: number | undefined;
}

/** One page of a list, with how many rows match the filters over all pages. */
export interface Page<T> {
  readonly items: T[];
  readonly total: number;
}

/** A read as of a point in knowledge time. */
export interface AsOfParams {
  /** Only what was knowable at this instant (by known_at); undefined means current knowledge. */
  readonly asOf?: string | undefined;
}
