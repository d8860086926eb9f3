import { z } from 'zod';

/** `limit` with SPEC.md's bounds for the endpoint. */
export const limitParam = (max: number, fallback: number) =>
  z.number().int().min(1).max(max).default(fallback).describe(`Items per page, 1..${max}`);

export const OffsetParam = z.number().int().min(0).default(0).describe('Items to skip, for paging');

/** A company reference: ticker, NSE:<SYMBOL>, BSE:<CODE>, ISIN, CIN or company UUID. */
export const requiredTicker = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .describe('Company: ticker, NSE:<SYMBOL>, BSE:<CODE>, ISIN, CIN or company UUID (exact; use search for names)');

export const optionalTicker = (max: number) => requiredTicker(max).optional();

export const DateTimeParam = z.iso
  .datetime({ offset: true })
  .describe('ISO 8601 datetime; a date alone means its midnight UTC, and a time without an offset is UTC');

export const DateParam = z.iso.date().describe('A calendar date, YYYY-MM-DD');

export const AsOfParam = DateTimeParam.describe(
  'Point in time: only what was knowable then (by known_at). A date alone means its midnight UTC',
);
