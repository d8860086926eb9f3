import { NseSymbolSchema } from '#schemas/common';
import { parseExchangeDate } from '#domain/indian-text';
import { istToIso } from '#platform/time';

/** What an NSE attachment's file name says. */
export interface NseAttachmentName {
  readonly symbol: string;
  /** The date the downloader filed it under (YYYY-MM-DD): the announcement's day. */
  readonly date: string | null;
  /** NSE's upload time (`DDMMYYYYHHMMSS`, IST) as an ISO instant. */
  readonly uploadedAt: string | null;
  /** NSE's own file name without extension: `<uploader>_<DDMMYYYYHHMMSS>_<name>`. */
  readonly attachment: string;
  /** The name the company gave the file, e.g. `FinalUploadTranscript`. */
  readonly name: string;
}

// [<download YYYYMMDD>_<HHMMSS>_<uuid>_]<SYMBOL>_<YYYYMMDD>_<uploader>_<DDMMYYYYHHMMSS>_<name>
const NAME =
  /^(?:\d{8}_\d{6}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}_)?([A-Z0-9&.-]{1,20})_(\d{8})_(([^_]+)_(\d{14})_(.+))$/i;

function uploadTime(stamp: string): string | null {
  const m = /^(\d{2})(\d{2})(\d{4})(\d{2})(\d{2})(\d{2})$/.exec(stamp);
  if (!m) return null;
  const date = parseExchangeDate(`${m[1]}-${m[2]}-${m[3]}`);
  const [h, min, s] = [Number(m[4]), Number(m[5]), Number(m[6])];
  return date && h < 24 && min < 60 && s < 60 ? istToIso(date, h, min, s) : null;
}

/**
 * Reads `<SYMBOL>_<YYYYMMDD>_<NSE file name>` (how NSE attachments are saved by the
 * downloader whose files we hold), possibly prefixed by its `<download time>_<uuid>_`. The
 * NSE file name is `<uploader>_<DDMMYYYYHHMMSS>_<name>`, as in
 * `https://nsearchives.nseindia.com/corporate/<NSE file name>.pdf`. `stem` is the file name
 * without `.pdf` or `__raw_ocr_output.txt`. Null when the name does not have this form.
 */
export function parseNseAttachmentName(stem: string): NseAttachmentName | null {
  const m = NAME.exec(stem);
  if (!m) return null;
  const symbol = (m[1] ?? '').toUpperCase();
  if (!NseSymbolSchema.safeParse(symbol).success) return null;
  return {
    symbol,
    date: parseExchangeDate(m[2]),
    uploadedAt: uploadTime(m[5] ?? ''),
    attachment: m[3] ?? '',
    name: m[6] ?? '',
  };
}
