import { z } from 'zod';
import { ExchangeSchema, IsinSchema, IsoDateSchema } from '#schemas/common';
import { eventPayload, ParserVersionSchema } from './event-payload.ts';

export const ObservedSymbolSchema = z
  .object({
    symbol: z.string().min(1).max(64).describe('The symbol (NSE) or scrip code (BSE) as the source shows it'),
    firstDay: IsoDateSchema.describe('First trading day the source shows under this symbol'),
    lastDay: IsoDateSchema.describe('Last trading day the source shows under this symbol'),
  })
  .strict();
export type ObservedSymbol = z.infer<typeof ObservedSymbolSchema>;

/**
 * One security traded under several symbols, in order, as a security-wise price history
 * shows it (UTIBANK until July 2007, AXISBANK since): the symbols are one security, so an
 * old symbol finds the company the new one names.
 */
export const SymbolsObservedSchema = eventPayload(
  {
    exchange: ExchangeSchema,
    isin: IsinSchema.nullable().describe('The ISIN, when the history states one'),
    symbols: z.array(ObservedSymbolSchema).min(2).max(100),
    parserVersion: ParserVersionSchema,
  },
  'One security traded under these symbols on these days',
);
export type SymbolsObserved = z.infer<typeof SymbolsObservedSchema>;
