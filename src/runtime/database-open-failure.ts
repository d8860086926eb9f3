import type { DatabaseConfig } from '#platform/db-engines';
import { connectionFailureReason, withoutPassword } from '#platform/db';
import { DataDirBusyError } from '#platform/errors';

/**
 * What a command that opens the service's database says, in one sentence, when it cannot:
 * the embedded database is held by a running service, or the server is unreachable, refuses
 * the login or lacks the database. Undefined for any other failure, which is a fault to
 * report with its stack.
 */
export function databaseOpenFailure(error: unknown, config: DatabaseConfig, whileRunning: string): string | undefined {
  if (error instanceof DataDirBusyError) {
    return `${error.message}. The embedded database serves one process at a time: stop \`npm start\` (process ${error.ownerPid}) and run this again; ${whileRunning}`;
  }
  const reason = connectionFailureReason(error);
  if (reason === undefined) return undefined;
  const where = config.databaseUrl ? withoutPassword(config.databaseUrl) : 'the embedded database';
  return `cannot open the database at ${where}: ${reason}. Check the server and DATABASE_URL (unset, the embedded database in DATA_DIR is used).`;
}
