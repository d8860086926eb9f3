// src/serve/response-cache: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { envelopeBody, envelopeOfJson, JSON_CONTENT_TYPE, toEnvelopeJson } from './envelope-json.ts';
export { type CachePosition, createResponseCache, type ResponseCache } from './response-cache.ts';
