import { z } from 'zod';
import { AnswerSchema, EvidencePacketSchema, GapSchema, RetrievalPlanSchema } from '#schemas/query';
import { FactSchema } from '#schemas/read-models';
import { envelope } from './envelope.ts';

export const QueryResultSchema = z.object({
  plan: RetrievalPlanSchema,
  facts: z.array(FactSchema).describe('Reported facts with full provenance'),
  evidence: EvidencePacketSchema.omit({ plan: true, facts: true, gaps: true }).describe(
    'The rest of the packet: company or candidates, metrics, screen, quote, passages',
  ),
  answer: AnswerSchema,
  gaps: z.array(GapSchema).describe('What was asked but is missing, unavailable or thin; an empty result is not proof of absence'),
});

export const QueryResponseSchema = envelope(QueryResultSchema, {
  query: z.string(),
  planned_by: z.enum(['planner', 'caller']),
  notes: z.array(z.string()).describe("The planner's notes on how it read the question"),
  count: z.number().int().describe('Facts in data.facts'),
  as_of: z
    .string()
    .nullable()
    .describe(
      "The instant facts, metrics and screen rows are as known at (the plan's as_of); null: the latest knowledge, including the newest filings and restatements",
    ),
}).meta({ id: 'QueryResponse' });
