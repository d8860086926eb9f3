import type { ExchangeResponse } from './exchange-client.ts';

/** What a dataset expects a URL to answer with. */
export type Expected = 'json' | 'csv' | 'zip' | 'xml';

/**
 * What an answer means: data to store, or one of the ways the exchanges say "nothing here
 * (yet)". Only `data` is ever stored: an HTML page, `{}` or a 403 where data was expected
 * is recorded against the unit and tried again later (docs/sync.md, "Blocked").
 */
export type ResponseKind =
  | { readonly kind: 'data' }
  | { readonly kind: 'absent'; readonly reason: string }
  | { readonly kind: 'not-published'; readonly reason: string }
  | { readonly kind: 'blocked'; readonly reason: string }
  | { readonly kind: 'failed'; readonly reason: string };

const decoder = new TextDecoder('utf-8', { fatal: false });

/** The first non-space characters of a body, lower-cased, for telling HTML and JSON apart. */
const headOf = (bytes: Uint8Array) =>
  decoder
    .decode(bytes.subarray(0, 512))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();

const looksHtml = (response: ExchangeResponse, head: string) =>
  /^text\/html/i.test(response.contentType ?? '') || head.startsWith('<!doctype html') || head.startsWith('<html');

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** Whether a JSON body holds nothing: `{}`, `[]`, `null`, or an object whose every member is empty. */
function isEmptyJson(text: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  if (value === null) return true;
  if (Array.isArray(value)) return false;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

export function classifyResponse(response: ExchangeResponse, expected: Expected): ResponseKind {
  const { status, bytes } = response;
  if (status === 401 || status === 403) return { kind: 'blocked', reason: `HTTP ${status}: the exchange refused the request` };
  if (status === 404 || status === 410) return { kind: 'absent', reason: `HTTP ${status}: nothing published at this URL` };
  if (status < 200 || status >= 300) return { kind: 'failed', reason: `HTTP ${status}` };
  if (bytes.length === 0) return { kind: 'not-published', reason: 'an empty body' };
  const head = headOf(bytes);
  if (expected === 'zip') {
    if (isZip(bytes)) return { kind: 'data' };
    return looksHtml(response, head)
      ? { kind: 'not-published', reason: 'an HTML page where a zip archive was expected' }
      : { kind: 'not-published', reason: 'not a zip archive' };
  }
  if (looksHtml(response, head)) {
    // A page that names the bot check is a block; any other page is a "not there yet".
    return /access denied|captcha|forbidden|akamai|request blocked/i.test(head)
      ? { kind: 'blocked', reason: 'an access-denied page where data was expected' }
      : { kind: 'not-published', reason: 'an HTML page where data was expected' };
  }
  if (expected === 'json') {
    if (!head.startsWith('{') && !head.startsWith('[')) return { kind: 'not-published', reason: 'not JSON' };
    if (bytes.length < 64 * 1024 && isEmptyJson(decoder.decode(bytes))) return { kind: 'not-published', reason: 'an empty JSON object' };
  }
  if (expected === 'xml' && !head.startsWith('<')) return { kind: 'not-published', reason: 'not XML' };
  return { kind: 'data' };
}
