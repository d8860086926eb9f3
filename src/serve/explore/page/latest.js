// @ts-check
// Only the latest answer is shown: a view numbers its requests, and an answer that arrives
// after a newer request was made (the user moved on) is dropped.

/**
 * A view's request counter. Each call of the returned function starts a request and returns
 * whether that request is, still, the latest one started.
 * @returns {() => () => boolean}
 */
export function latestOnly() {
  let latest = 0;
  return () => {
    const mine = ++latest;
    return () => mine === latest;
  };
}
