import { z } from 'zod';

/** One failed check, worded and typed as FastAPI (pydantic v2) words it. */
export const ValidationErrorSchema = z
  .object({
    loc: z
      .array(z.union([z.string(), z.number().int()]))
      .describe('Where the bad value is: ["query", "limit"], ["body", "plan", "route"], ...'),
    msg: z.string().describe('What is wrong, for a person'),
    type: z.string().describe('A stable pydantic error code: missing, extra_forbidden, greater_than_equal, ...'),
    input: z.unknown().optional().describe('The value that was sent'),
    ctx: z.record(z.string(), z.unknown()).optional().describe('The bound or pattern the value broke'),
  })
  .describe('A validation error');
export type ValidationError = z.infer<typeof ValidationErrorSchema>;

export const HTTPValidationErrorSchema = z
  .object({ detail: z.array(ValidationErrorSchema) })
  .meta({ id: 'HTTPValidationError' })
  .describe('The request did not validate (422)');
export type HTTPValidationError = z.infer<typeof HTTPValidationErrorSchema>;

export const ErrorDetailSchema = z
  .object({ detail: z.string().describe('What went wrong, for a person') })
  .meta({ id: 'ErrorDetail' })
  .describe('An error other than validation (401, 403, 404, 429, 503)');
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;
