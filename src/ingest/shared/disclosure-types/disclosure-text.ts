import { z } from 'zod';

const SUBJECT_MAX = 2000;
const BODY_MAX = 20_000;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * A subject as DisclosurePublished carries it: as published, except BSE's `<BR>` tags (HTML
 * markup, not text) and runs of white space, which become one space; clipped to the schema's
 * 2,000 characters. Null when nothing is left.
 */
export function subjectText(text: string | null | undefined): string | null {
  const tidy = (text ?? '')
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return tidy ? clip(tidy, SUBJECT_MAX) : null;
}

/** A body as published (only its ends trimmed), clipped to the schema's 20,000 characters; null when empty. */
export function bodyText(text: string | null | undefined): string | null {
  const trimmed = (text ?? '').trim();
  return trimmed ? clip(trimmed, BODY_MAX) : null;
}

const UrlSchema = z.url({ protocol: /^https?$/ });

/**
 * An attachment link: the URL, null when the cell is empty or a placeholder ("-", "NO PDF",
 * "NA"), or undefined when it holds something else, which the caller reports.
 */
export function attachmentUrlOf(text: string | null | undefined): string | null | undefined {
  const cell = (text ?? '').trim();
  if (cell === '' || /^(-|na|nil|no pdf)$/i.test(cell)) return null;
  return UrlSchema.safeParse(cell).success ? cell : undefined;
}
