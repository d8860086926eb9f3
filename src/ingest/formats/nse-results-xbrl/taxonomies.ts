import type { XbrlInstance } from '#ingest/shared/xbrl';
import type { ElementFamily } from './concept-rules.ts';

/** A taxonomy generation: how its entry point is named and which element family it uses. */
export interface Taxonomy {
  readonly id: string;
  readonly family: ElementFamily;
  /** Whether its `FourD` context's own period is the year to date (the 2025 taxonomy) or a copy of the quarter's. */
  readonly trustsYtdContext: boolean;
}

const ENTRY_POINTS: ReadonlyArray<readonly [RegExp, Taxonomy]> = [
  [/Ind-AS_entry_point_2020-03-31\.xsd$/i, { id: 'ind-as-2020', family: 'ind-as', trustsYtdContext: false }],
  [/Ind-AS_entry_point_2017-03-31\.xsd$/i, { id: 'ind-as-2017', family: 'ind-as', trustsYtdContext: false }],
  [/banking_entry_point_2019-09-30\.xsd$/i, { id: 'banking-2019', family: 'banking', trustsYtdContext: false }],
  [/banking_entry_point_2018-03-31\.xsd$/i, { id: 'banking-2018', family: 'banking', trustsYtdContext: false }],
  [/in-bse-fin-2020-03-31\.xsd$/i, { id: 'nbfc-2020', family: 'nbfc', trustsYtdContext: false }],
  [/in-bse-fin-2019-03-31\.xsd$/i, { id: 'nbfc-2019', family: 'nbfc', trustsYtdContext: false }],
  [/other_than_banks_entry_point_2018-03-31\.xsd$/i, { id: 'other-than-banks-2018', family: 'non-ind-as', trustsYtdContext: false }],
];

/** SEBI's integrated filing (2025): one namespace for companies, banks and NBFCs alike. */
export const CAPMKT_NAMESPACE = /^http:\/\/www\.sebi\.gov\.in\/xbrl\/\d{4}-\d{2}-\d{2}\/in-capmkt$/;

/**
 * The taxonomy of an instance, from its entry point; the 2025 integrated filing is known by
 * its namespace, and its family by what it files (a bank files interest earned and
 * expended, never revenue from operations).
 */
export function taxonomyOf(instance: XbrlInstance): Taxonomy | undefined {
  const byEntryPoint = ENTRY_POINTS.find(([pattern]) => pattern.test(instance.schemaRef ?? ''))?.[1];
  if (byEntryPoint) return byEntryPoint;
  const capmkt = [...instance.namespaces.values()].some((uri) => CAPMKT_NAMESPACE.test(uri));
  if (!capmkt) return undefined;
  const files = (name: string) => instance.facts.some((fact) => fact.name === name);
  const family: ElementFamily = files('RevenueFromOperations')
    ? files('FinanicalAssets') || files('DebtSecurities')
      ? 'nbfc'
      : 'ind-as'
    : 'banking';
  return { id: `capmkt-2025-${family}`, family, trustsYtdContext: true };
}

export const KNOWN_ENTRY_POINTS = ENTRY_POINTS.map(([pattern]) => pattern.source.replace(/\\\./g, '.').replace(/\$$/, ''));
