import { headOf, type Parser } from '#ingest/shared/parser';

/** Every parser this service knows, with detection by content. */
export interface ParserRegistry {
  readonly parsers: readonly Parser[];
  byFormat(format: string): Parser | undefined;
  /** The parser that recognises the file, or undefined for an unknown format. */
  detect(fileName: string, bytes: Uint8Array): Parser | undefined;
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
