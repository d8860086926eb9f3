import type { ToolFact, ToolMetric } from '#schemas/mcp';
import type { CompanyIdentity, Fact, Metric } from '#schemas/read-models';
import { factSentence, metricSentence } from '#read/phrases';

/** A fact without its company: a tool result names the company once. */
export const toToolFact = ({ company: _company, ...fact }: Fact): ToolFact => fact;

/** A metric without its company: a tool result names the company once. */
export const toToolMetric = ({ company: _company, ...metric }: Metric): ToolMetric => metric;

/** A fact of a tool result as one sentence with its period, basis, filing and known_at. */
export const factLine = (company: CompanyIdentity, fact: ToolFact): string => factSentence({ ...fact, company }, company).text;

/** A metric of a tool result as one sentence: its value and derivation, or why it is unavailable. */
export const metricLine = (company: CompanyIdentity, metric: ToolMetric): string => metricSentence({ ...metric, company }, company).text;
