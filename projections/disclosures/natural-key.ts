import { createHash } from 'node:crypto';
import type { DisclosurePublished } from '#schemas/events';

/** BSE names each announcement's attachment by a GUID of its own: `AttachLive/<GUID>.pdf` (`AttachHis` once archived). */
const BSE_ATTACHMENT =
  /^https?:\/\/(?:www\.)?bseindia\.com\/xml-data\/corpfiling\/attach(?:live|his)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.pdf$/i;

const digest = (...parts: readonly string[]) => createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32);

/**
 * An attachment URL compared loosely: without scheme and `www.`, host in lower case, and
 * NSE's two archive hosts as one (`archives.nseindia.com` became `nsearchives.nseindia.com`).
 */
export function normalisedAttachment(url: string): string {
  const match = /^[a-z]+:\/\/([^/?#]+)(.*)$/i.exec(url.trim());
  if (!match) return url.trim();
  const host = (match[1] ?? '')
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/^nsearchives\./, 'archives.');
  return `${host}${match[2] ?? ''}`;
}

/** The identity the exchange states, most specific identifier first. */
function statedIdentity(data: DisclosurePublished): string {
  const { isin, nseSymbol, bseCode, name } = data.company;
  if (isin) return `isin:${isin}`;
  if (nseSymbol) return `nse:${nseSymbol}`;
  if (bseCode) return `bse:${bseCode}`;
  if (name) return `name:${name.toLowerCase()}`;
  return `disclosure:${data.disclosureId}`;
}

/**
 * The key that names one announcement across downloads. The disclosure id cannot: it is
 * derived from the document's hash, so the same announcement in two overlapping downloads
 * gets two ids. The events carry no exchange id of their own (NSE's seq_id, BSE's news id),
 * so the key comes from what they do carry:
 *
 * - BSE: the attachment's GUID, which is BSE's id of the announcement;
 * - another attachment: its URL with the subject and body, because one attachment can serve
 *   several disclosures (one NSE insider-trading XBRL holds several persons' records);
 * - no attachment: the stated company, the publication instant and the subject.
 *
 * The identity used is the stated one, not the resolved company id, so a copy ingested
 * before the master list and one ingested after it have the same key.
 */
export function disclosureKey(data: DisclosurePublished): string {
  const guid = data.attachmentUrl ? BSE_ATTACHMENT.exec(data.attachmentUrl)?.[1] : undefined;
  if (guid) return `bse:${guid.toLowerCase()}`;
  if (data.attachmentUrl) return `url:${digest(normalisedAttachment(data.attachmentUrl), data.subject, data.body ?? '')}`;
  const published = new Date(data.publishedAt).toISOString();
  return `stated:${digest(statedIdentity(data), published, data.subject.trim().toLowerCase())}`;
}
