import type { Parser } from '../shared/parser.ts';

/** Every parser this service knows, with detection by content. */
export interface ParserRegistry {
  readonly parsers: readonly Parser[];
  byFormat(format: string): Parser | undefined;
  /** The parser that recognises the file, or undefined for an unknown format. */
  detect(fileName: string, bytes: Uint8Array): Parser | undefined;
}

/** How much of a file detection sees. */
export const HEAD_BYTES = 16 * 1024;

/** The start of a file as text, for detection: UTF-8 without a byte-order mark. */
export function headOf(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, HEAD_BYTES)).replace(/^\uFEFF/, '');
}

export function createParserRegistry(parsers: readonly Parser[]): ParserRegistry {
  const formats = new Map(parsers.map((parser) => [parser.format, parser]));
  if (formats.size !== parsers.length) throw new Error('two parsers claim the same format');
  return {
    parsers,
    byFormat: (format) => formats.get(format),
    detect(fileName, bytes) {
      const head = headOf(bytes);
      return parsers.find((parser) => parser.detect(fileName, head));
    },
  };
}
