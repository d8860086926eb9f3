/**
 * A table looked up by text that comes from outside (a question, a file's cell, a file
 * name). A plain object literal inherits `constructor`, `toString`, `__proto__` ... from
 * Object.prototype, so `TABLE['constructor']` would answer a function instead of
 * undefined. The table made here has no prototype: only its own entries are found.
 */
export function lookupTable<V>(entries: Readonly<Record<string, V>>): Readonly<Record<string, V>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, V>, entries));
}
