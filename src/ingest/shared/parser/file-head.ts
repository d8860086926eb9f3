/** How much of a file detection sees. */
export const HEAD_BYTES = 16 * 1024;

/** The start of a file as text, for detection: UTF-8 without a byte-order mark. */
export function headOf(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, HEAD_BYTES)).replace(/^\uFEFF/, '');
}
