/**
 * A LIKE pattern matching `text` anywhere, with LIKE's wildcards (% and _) and the escape
 * character itself escaped, for use with `escape '\'`. The pattern travels as a parameter.
 */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A LIKE pattern matching values that start with `text`. */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
