/**
 * Why a database could not be reached, in words, by the code a driver puts on its error
 * (Node's socket codes, PostgreSQL's SQLSTATE): what a command line says in one sentence
 * instead of a stack trace. The code may be on the error, its cause (or a cause kept in its
 * `data`, as the MCP SDK keeps it), or one of an AggregateError's errors (Node tries each
 * address of a host name).
 */
const REASONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'nothing accepts connections there (connection refused)',
  ENOTFOUND: 'its host name does not resolve',
  EAI_AGAIN: 'its host name could not be resolved just now',
  ETIMEDOUT: 'the connection timed out',
  ECONNRESET: 'the server closed the connection',
  EHOSTUNREACH: 'its host cannot be reached',
  ENETUNREACH: 'its network cannot be reached',
  '28P01': 'the server refused the password',
  '28000': 'the server refused this user',
  '3D000': 'the server has no database of that name',
  '57P03': 'the server is starting up or shutting down',
};

const MAX_DEPTH = 5;

function codeOf(error: unknown, depth = 0): string | undefined {
  if (depth > MAX_DEPTH || typeof error !== 'object' || error === null) return undefined;
  const { code, cause, errors, data } = error as { code?: unknown; cause?: unknown; errors?: unknown; data?: { cause?: unknown } };
  if (typeof code === 'string' && code in REASONS) return code;
  const inner = [cause, data?.cause, ...(Array.isArray(errors) ? (errors as unknown[]) : [])];
  for (const candidate of inner) {
    const found = codeOf(candidate, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The reason a connection failed, when it is one outside the program; undefined for anything else. */
export function connectionFailureReason(error: unknown): string | undefined {
  const code = codeOf(error);
  return code === undefined ? undefined : REASONS[code];
}

/** A connection string without its password, fit to print. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL (not a URL)';
  }
}
