/** Plain JSON serialisation for replies; see `buildApp` for why responses skip zod here. */
export const serializeJson = (data: unknown): string => JSON.stringify(data);
