const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checked before a `uuid` parameter reaches SQL, where a malformed one is an error, not a miss. */
export const isUuid = (text: string): boolean => UUID.test(text);
