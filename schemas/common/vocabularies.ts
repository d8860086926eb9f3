import { z } from 'zod';

export const CORPORATE_ACTION_TYPES = ['dividend', 'stock_split', 'bonus_issue', 'rights_issue', 'buyback'] as const;

export const CorporateActionTypeSchema = z.enum(CORPORATE_ACTION_TYPES).describe('Kind of corporate action');
export type CorporateActionType = z.infer<typeof CorporateActionTypeSchema>;

export const FILING_TYPES = [
  'annual_report',
  'financial_results',
  'shareholding_pattern',
  'investor_presentation',
  'earnings_call_transcript',
  'credit_rating',
  'insider_trading',
  ...CORPORATE_ACTION_TYPES,
] as const;

export const FilingTypeSchema = z.enum(FILING_TYPES).describe('Kind of source document (document_type)');
export type FilingType = z.infer<typeof FilingTypeSchema>;

export const PRICE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '1d'] as const;
export const PriceIntervalSchema = z.enum(PRICE_INTERVALS).describe('Candle interval');
export type PriceInterval = z.infer<typeof PriceIntervalSchema>;
