import { z } from 'zod';
import { IsoDateSchema } from '#schemas/common';

/**
 * Extension fields of the RetrievalPlan (not in SPEC's table; optional, with defaults, so a
 * SPEC plan is still valid as is): the disclosure event types a question asks about and the
 * date window it names. With event types or a window, the company's disclosures of those types
 * (every type when none is named), published within the window and knowable at `as_of`, are
 * the plan's passages instead of a text search.
 */
export const PLAN_EVENT_FIELDS = {
  event_types: z
    .array(z.string().min(1).max(60))
    .max(8)
    .default([])
    .describe(
      'Extension: disclosure event types asked about (insider_trading, dividend, board_meeting, ... as list_event_types names them); empty for none',
    ),
  date_from: IsoDateSchema.nullable()
    .default(null)
    .describe(
      'Extension: first day (inclusive) of the window the question names for events; with no event_types, disclosures of every type',
    ),
  date_to: IsoDateSchema.nullable().default(null).describe('Extension: last day (inclusive) of the window the question names for events'),
} as const;
