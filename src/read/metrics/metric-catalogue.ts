import { REPORTED_CONCEPTS, type ReportedConcept } from '#schemas/common';
import { METRIC_IDS, type MetricCatalogueEntry, type MetricId } from '#schemas/read-models';
import { formulaText, growthFormulaText, naturalSlot, RATIO_DEFINITIONS } from './formulas.ts';

export { METRIC_IDS, type MetricId };

const SLOT_WORDS = {
  period: 'the same quarter a year earlier, or the prior fiscal year',
  closing: 'the balance at the same quarter end a year earlier, or at the prior year end',
  ytd: 'the same year to date a year earlier, or the prior fiscal year',
} as const;

const growthEntry = (concept: ReportedConcept): MetricCatalogueEntry => ({
  id: `${concept}_growth`,
  label: `${concept} growth, year on year`,
  formula: growthFormulaText(concept),
  unit: 'ratio',
  description: `Change of ${concept} against ${SLOT_WORDS[naturalSlot(concept)]}, over the absolute prior value.`,
});

const CATALOGUE: readonly MetricCatalogueEntry[] = [
  ...RATIO_DEFINITIONS.map((d) => ({
    id: d.id,
    label: d.label,
    formula: formulaText(d.formula),
    unit: d.unit,
    description: d.description,
  })),
  ...REPORTED_CONCEPTS.map(growthEntry),
];

const BY_ID = new Map<string, MetricCatalogueEntry>(CATALOGUE.map((entry) => [entry.id, entry]));

/** Every metric the service derives, in METRIC_IDS order. */
export const listMetricCatalogue = (): readonly MetricCatalogueEntry[] => CATALOGUE;

/** The catalogue entry of a metric id, or undefined for an id that is not a metric. */
export const describeMetric = (id: string): MetricCatalogueEntry | undefined => BY_ID.get(id);

export const isMetricId = (id: string): id is MetricId => BY_ID.has(id);

if (CATALOGUE.length !== METRIC_IDS.length) throw new Error('the metric catalogue and METRIC_IDS disagree');
