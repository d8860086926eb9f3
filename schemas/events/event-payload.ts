import { z } from 'zod';

/** The version of the parser that read the event from its document; a re-parse carries a higher one. */
export const ParserVersionSchema = z.number().int().positive();

/**
 * The payload of a domain event: a closed object (a field the schema does not name is an
 * error, never silently kept), described by what the event says happened.
 */
export const eventPayload = <S extends z.ZodRawShape>(shape: S, description: string) => z.object(shape).strict().describe(description);
