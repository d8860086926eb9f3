const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Where a JSON text first opens an array or object deeper than `maxDepth`, or undefined when
 * it never does. One pass over the text, counting brackets outside strings: no recursion, no
 * allocation, so it is safe on any input and runs before `JSON.parse` and any walk of the
 * parsed value. The text need not be valid JSON (the parser judges that afterwards).
 *
 * Bytes can be read as `buffer.toString('latin1')`: every character this looks at is ASCII
 * and no byte of a multi-byte UTF-8 sequence is, so the answer is the same (an offset in bytes).
 */
export function tooDeepAt(text: string, maxDepth: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth++;
      if (depth > maxDepth) return i;
    } else if ((code === CLOSE_BRACKET || code === CLOSE_BRACE) && depth > 0) {
      depth--;
    }
  }
  return undefined;
}
