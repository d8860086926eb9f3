// src/read/provenance: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { chainVersion } from './chain-version.ts';
export { type ChainedVersion, factVersionChains } from './fact-version-chains.ts';
