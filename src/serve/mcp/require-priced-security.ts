import type { Exchange } from '../../../schemas/common/primitives.ts';
import { resolveSecurity, type SecurityReference } from '../../read/identity/resolve-security.ts';
import type { McpDeps } from './mcp-deps.ts';

/** The security a price tool asks about, once the prices dataset is known to be servable (503 first). */
export async function requirePricedSecurity(
  deps: McpDeps,
  input: { readonly ticker: string; readonly exchange: Exchange },
): Promise<SecurityReference> {
  await deps.datasets.require('prices');
  return resolveSecurity(deps.db, input.ticker, input.exchange);
}
