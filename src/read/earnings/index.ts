// src/read/earnings: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { HEADLINE_CONCEPTS } from './earnings-gaps.ts';
export { getEarningsPacket, type RelatedFiling } from './earnings-packet.ts';
