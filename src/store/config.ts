import path from 'node:path';

export const DEFAULT_DATABASE_PATH = './data/fengsheng.db';

/** Written into the SQLite header of every database the bot creates ("FSbt"), so a foreign file is recognised. */
export const APPLICATION_ID = 0x46536274;

/** How long a connection waits for another connection's write lock before failing. */
export const BUSY_TIMEOUT_MS = 5_000;

export function databasePath(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.DATABASE_PATH?.trim() || DEFAULT_DATABASE_PATH);
}
