// src/ingest/shared/disclosure-types: what other modules use of it, and the only file they import (docs/architecture.md "Modules").
export { classifyDisclosure } from './classify-disclosure.ts';
export { createDisclosureCollector } from './disclosure-collector.ts';
export { attachmentUrlOf, bodyText, subjectText } from './disclosure-text.ts';
