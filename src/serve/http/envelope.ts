/** The `{data, meta}` body of a 200: `meta` has the response time and the endpoint's context. */
export function envelope<D, M extends object>(data: D, meta: M): { data: D; meta: M & { timestamp: string } } {
  return { data, meta: { timestamp: new Date().toISOString(), ...meta } };
}
