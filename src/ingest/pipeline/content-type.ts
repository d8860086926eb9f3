import { lookupTable } from '#platform/lookup-table';

const BY_EXTENSION: Readonly<Record<string, string>> = lookupTable({
  xml: 'application/xml',
  xbrl: 'application/xml',
  csv: 'text/csv',
  json: 'application/json',
  txt: 'text/plain',
  pdf: 'application/pdf',
  zip: 'application/zip',
  html: 'text/html',
});

/** A content type from the file name; the bytes are kept as they are whatever it says. */
export function contentTypeOf(fileName: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return BY_EXTENSION[extension] ?? 'application/octet-stream';
}
