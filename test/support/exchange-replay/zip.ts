import { unzipSync, zipSync } from 'fflate';

/**
 * One file zipped as the exchanges zip their bhavcopies: a single member under the CSV's own
 * name, stamped with the evening of its trade day so that the same input always gives the
 * same bytes (and the same ETag).
 */
export function zipOne(name: string, data: Uint8Array, stampedAt: number): Uint8Array {
  return zipSync({ [name]: [data, { mtime: new Date(stampedAt) }] }, { level: 6 });
}

/** The one member of a single-file zip. */
export function unzipOne(zip: Uint8Array): Uint8Array {
  const [member] = Object.values(unzipSync(zip));
  if (!member) throw new Error('the zip has no member');
  return member;
}
