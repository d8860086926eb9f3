import type { Database } from '../db/db.ts';
import type { ContextProvider } from '../ingest/context-provider.ts';

/** The context providers of this service's connectors. */
export function contextProvidersFor(_db: Database): ContextProvider[] {
  return [];
}
