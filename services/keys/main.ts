// npm run keys -- create --name NAME [--workspace W] [--scopes read,admin,ingest]
//                 revoke <key-id> | list
// `create` prints the new key and nothing else on stdout, so `KEY=$(npm run -s keys -- create ...)`
// works; everything else goes to stderr. On PGlite the data folder belongs to one process:
// stop `npm start` first (or use POST /v1/keys with an admin key while it runs).
import { parseArgs } from 'node:util';
import { type ApiKeyRecord, createKey, type WorkspaceRef, isUuid, listKeys, revokeKey } from '#serve/access';
import { loadConfig } from '#platform/config';
import { DataDirBusyError, AppError } from '#platform/errors';
import { type Database, migrate } from '#platform/db';
import { openDatabase } from '#platform/db-engines';

const USAGE = `usage: npm run keys -- create --name NAME [--workspace NAME|ID] [--scopes read,admin,ingest]
       npm run keys -- revoke KEY_ID
       npm run keys -- list
Scopes: read (data routes, the default), admin (create, list and revoke keys over HTTP),
ingest (upload documents, POST /v1/documents). Each is independent of the others.
The workspace is created when a name is new; it defaults to "default".`;

function usage(problem?: string): never {
  console.error(problem ? `${problem}\n${USAGE}` : USAGE);
  process.exit(2);
}

const { positionals, values } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        workspace: { type: 'string', default: 'default' },
        scopes: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return usage((error as Error).message);
  }
})();
const [command, ...rest] = positionals;
if (values.help) usage();

type Command =
  | { readonly kind: 'create'; readonly name: string; readonly workspace: WorkspaceRef; readonly scopes?: string[] }
  | { readonly kind: 'revoke'; readonly keyId: string }
  | { readonly kind: 'list' };

// Arguments are checked before the database is opened, so a usage error leaves it alone.
function parseCommand(): Command {
  if (command === 'create') {
    if (values.name === undefined || rest.length > 0) usage('create needs --name and no other arguments');
    const workspace = isUuid(values.workspace) ? { id: values.workspace } : { name: values.workspace };
    const scopes = values.scopes
      ?.split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    return { kind: 'create', name: values.name, workspace, ...(scopes ? { scopes } : {}) };
  }
  if (command === 'revoke') {
    const [keyId] = rest;
    if (keyId === undefined || rest.length > 1) usage('revoke needs one key id');
    return { kind: 'revoke', keyId };
  }
  if (command === 'list' && rest.length === 0) return { kind: 'list' };
  return usage(command === undefined ? undefined : `unknown command ${command} ${rest.join(' ')}`.trim());
}

const describeKey = (k: ApiKeyRecord) =>
  [
    k.id,
    k.prefix,
    k.workspace.name,
    k.name,
    k.scopes.join(',') || '-',
    k.createdAt.toISOString(),
    k.revokedAt ? `revoked ${k.revokedAt.toISOString()}` : 'active',
    k.lastUsedAt ? `last used ${k.lastUsedAt.toISOString()}` : 'never used',
  ].join('\t');

async function run(db: Database, cmd: Command, maxKeysPerWorkspace: number): Promise<void> {
  switch (cmd.kind) {
    case 'create': {
      const { key, record } = await createKey(db, { ...cmd, maxActiveKeys: maxKeysPerWorkspace });
      console.error(
        `created key ${record.id} "${record.name}" in workspace ${record.workspace.name}, scopes ${record.scopes.join(',') || '-'}`,
      );
      console.error('the key is shown once; only its SHA-256 digest is stored');
      process.stdout.write(`${key}\n`);
      return;
    }
    case 'revoke': {
      const revoked = await revokeKey(db, cmd.keyId);
      if (!revoked) {
        console.error(`no key ${cmd.keyId}`);
        process.exitCode = 1;
        return;
      }
      console.log(describeKey(revoked));
      return;
    }
    case 'list':
      for (const key of await listKeys(db)) console.log(describeKey(key));
  }
}

const cmd = parseCommand();
const config = loadConfig(process.env);
let db: Database;
try {
  db = await openDatabase(config);
} catch (error) {
  if (!(error instanceof DataDirBusyError)) throw error;
  console.error(
    `${error.message}.\nThe embedded database serves one process at a time: stop \`npm start\` (process ${error.ownerPid}), ` +
      'run this command, then start it again; or, while it runs, create keys with POST /v1/keys and an admin key.',
  );
  process.exit(1);
}
try {
  await migrate(db);
  await run(db, cmd, config.maxKeysPerWorkspace);
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await db.close();
}
