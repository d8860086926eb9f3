/**
 * A loopback stand-in for NSE's and BSE's hosts, serving recorded exchange files at the real
 * paths and misbehaving as the exchanges do (SOURCES.md says which bodies are real bytes).
 */
export { startExchangeReplay } from './server.ts';
export type { ExchangeUrls, ReplayServer } from './server.ts';
export type { ReplayOptions, ReplayRequest } from './options.ts';
export type { ReplayHost } from './catalogue.ts';
