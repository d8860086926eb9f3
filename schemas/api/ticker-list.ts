import { z } from 'zod';

/** The most companies one bulk request may name: bounds its work, and keeps its URL short. */
export const MAX_TICKERS = 500;
const MAX_TICKER_LENGTH = 200;

// A custom issue is a FastAPI `value_error` with its message (src/serve/http/validation/fastapi-detail.ts).
const valueError = (message: string) => ({ code: 'custom' as const, message });

/** The references of a ticker list, trimmed, in the order given. */
export const splitTickers = (text: string): string[] => text.split(',').map((part) => part.trim());

/**
 * `tickers=TCS,INE002A01018,BSE:500325`: comma-separated company references, each as the
 * `ticker` parameter takes one; an empty or overlong entry is named in the 422.
 */
export const TickerListParam = z
  .string()
  .superRefine((text, ctx) => {
    const tickers = splitTickers(text);
    if (tickers.length > MAX_TICKERS) {
      ctx.addIssue(valueError(`at most ${MAX_TICKERS} tickers may be named, not ${tickers.length}`));
      return;
    }
    tickers.forEach((ticker, index) => {
      if (ticker.length === 0) ctx.addIssue(valueError(`ticker ${index + 1} of the list is empty`));
      else if (ticker.length > MAX_TICKER_LENGTH) {
        ctx.addIssue(valueError(`ticker ${index + 1} of the list is longer than ${MAX_TICKER_LENGTH} characters`));
      }
    });
  })
  .describe(
    `Companies, comma-separated, 1..${MAX_TICKERS}: each a ticker, NSE:<SYMBOL>, BSE:<CODE>, ISIN, CIN or company UUID (exact; use search for names). Output follows this order; a company named twice is sent once, at its first place`,
  );
