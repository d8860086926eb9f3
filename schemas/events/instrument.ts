import { z } from 'zod';
import { DecimalStringSchema, ExchangeSchema, IsinSchema, IsoDateSchema, UuidSchema } from '#schemas/common';
import { eventPayload } from './event-payload.ts';

export const InstrumentStatusSchema = z.enum(['listed', 'suspended', 'delisted']);
export type InstrumentStatus = z.infer<typeof InstrumentStatusSchema>;

export const InstrumentListedSchema = eventPayload(
  {
    instrumentId: UuidSchema,
    companyId: UuidSchema,
    exchange: ExchangeSchema,
    segment: z.string().min(1).max(16).describe('Market segment, e.g. CM (cash market)'),
    type: z.string().min(1).max(16).describe('Instrument type, e.g. equity'),
    ticker: z.string().min(1).max(64).describe('NSE symbol or BSE scrip code'),
    isin: IsinSchema.nullable(),
    name: z.string().min(1).max(300),
    series: z.string().min(1).max(8).nullable().describe('NSE series such as EQ or BE'),
    faceValue: DecimalStringSchema.nullable(),
    listingDate: IsoDateSchema.nullable(),
    status: InstrumentStatusSchema,
  },
  'A tradable security was listed on an exchange',
);
export type InstrumentListed = z.infer<typeof InstrumentListedSchema>;

export const InstrumentStatusChangedSchema = eventPayload(
  {
    instrumentId: UuidSchema,
    status: InstrumentStatusSchema,
    effectiveDate: IsoDateSchema.nullable(),
    reason: z.string().min(1).max(500).nullable(),
  },
  'A security was suspended, delisted or relisted',
);
export type InstrumentStatusChanged = z.infer<typeof InstrumentStatusChangedSchema>;
