// npm run backup [-- DEST]: an online copy of the game database, safe while the bot runs.
import 'dotenv/config';
import { logger } from '../log.js';
import { backupDatabase, defaultBackupPath } from '../store/backup.js';
import { databasePath } from '../store/config.js';
import { StoreOpenError } from '../store/errors.js';
import { parseCommand, usageError } from './args.js';

const command = {
  usage: 'npm run backup --',
  summary: 'An online, checked copy of the SQLite game database (DATABASE_PATH), safe while the bot runs; prints its path.',
  options: {},
  positionals: '[DEST]',
} as const;
const { positionals } = parseCommand(command);
if (positionals.length > 1) usageError(command, 'name at most one destination');
const source = databasePath();
const dest = positionals[0] ?? defaultBackupPath(source);
try {
  const r = await backupDatabase(source, dest);
  logger.info({ source, dest: r.dest, bytes: r.bytes, ms: Math.round(r.ms) }, 'backup written and checked');
  console.log(r.dest);
} catch (err) {
  const message = err instanceof StoreOpenError ? err.message : (err as Error).message;
  logger.error({ source, dest }, message);
  process.exitCode = 1;
}
