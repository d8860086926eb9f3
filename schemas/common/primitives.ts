import { z } from 'zod';

/**
 * An exact decimal number written as a string: optional minus sign, digits, optional
 * fraction. Money and ratios travel as these, never as binary floats.
 */
export const DecimalStringSchema = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number such as "-12.50"')
  .describe('An exact decimal number as a string, e.g. "1234.50"');
export type DecimalString = z.infer<typeof DecimalStringSchema>;

export const IsoDateSchema = z.iso.date().describe('A calendar date, YYYY-MM-DD');
export type IsoDate = z.infer<typeof IsoDateSchema>;

export const IsoDateTimeSchema = z.iso
  .datetime({ offset: true })
  .describe('An ISO 8601 instant with a time zone, e.g. 2024-05-12T18:30:00+05:30');
export type IsoDateTime = z.infer<typeof IsoDateTimeSchema>;

/** When this service recorded a row (system time), as the read models state it. */
export const RecordedAtSchema = IsoDateTimeSchema.describe('When this service recorded it');

export const UuidSchema = z.uuid().describe('A UUID');
export type Uuid = z.infer<typeof UuidSchema>;

export const Sha256HexSchema = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'must be a lower-case hex SHA-256 digest')
  .describe('SHA-256 of the source document, lower-case hex');
export type Sha256Hex = z.infer<typeof Sha256HexSchema>;

export const IsinSchema = z
  .string()
  .regex(/^[A-Z]{2}[A-Z0-9]{9}[0-9]$/, 'must be a 12-character ISIN')
  .brand<'Isin'>()
  .describe('International Securities Identification Number, e.g. INE002A01018');
export type Isin = z.infer<typeof IsinSchema>;

export const NseSymbolSchema = z
  .string()
  .regex(/^[A-Z0-9][A-Z0-9&\-_.]{0,19}$/, 'must be an NSE trading symbol')
  .brand<'NseSymbol'>()
  .describe('NSE trading symbol, e.g. RELIANCE or M&M');
export type NseSymbol = z.infer<typeof NseSymbolSchema>;

export const BseScripCodeSchema = z
  .string()
  .regex(/^\d{6}$/, 'must be a six-digit BSE scrip code')
  .brand<'BseScripCode'>()
  .describe('BSE scrip code, e.g. 500325');
export type BseScripCode = z.infer<typeof BseScripCodeSchema>;

export const CinSchema = z
  .string()
  .regex(/^[LU]\d{5}[A-Z]{2}\d{4}[A-Z]{3}\d{6}$/, 'must be a 21-character Corporate Identity Number')
  .brand<'Cin'>()
  .describe('Corporate Identity Number issued by the Ministry of Corporate Affairs');
export type Cin = z.infer<typeof CinSchema>;

export const ExchangeSchema = z.enum(['NSE', 'BSE']).describe('Stock exchange');
export type Exchange = z.infer<typeof ExchangeSchema>;

export const BasisSchema = z
  .enum(['consolidated', 'standalone'])
  .describe('Whether the figures cover the group (consolidated) or the company alone (standalone)');
export type Basis = z.infer<typeof BasisSchema>;
