import path from 'node:path';

export const DEFAULT_DATABASE_PATH = './data/fengsheng.db';

/** Written into the SQLite header of every database the bot creates ("FSbt"), so a foreign file is recognised. */
export const APPLICATION_ID = 0x46536274;

/** How long a connection waits for another connection's write lock before failing (tools, start-up). */
export const BUSY_TIMEOUT_MS = 5_000;

/**
 * The running bot's connection waits only this long, synchronously, for a write lock another process
 * holds: better-sqlite3 waits on the event loop's thread, so 5 s froze every game and every click.
 * Past it, the game's action waits asynchronously and is tried again (store.ts), other games go on.
 */
export const BOT_BUSY_TIMEOUT_MS = 20;
/** The first wait before an action the lock refused is tried again; it doubles up to the cap. */
export const LOCKED_RETRY_FIRST_MS = 10;
export const LOCKED_RETRY_MAX_MS = 500;
/** After this long waiting for the lock, the action fails (a click is told, a timeout backs off, a bot seat retries later). */
export const LOCKED_GIVE_UP_MS = 30_000;

export function databasePath(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.DATABASE_PATH?.trim() || DEFAULT_DATABASE_PATH);
}

export type Synchronous = 'FULL' | 'NORMAL';

/**
 * NORMAL by default. In WAL mode a commit is then in the WAL file (the OS's page cache) when it
 * returns: it survives any crash or kill of the bot, and the database is never corrupted; only a power
 * cut or OS crash can lose the last moments of play. FULL also syncs every commit to the disk, which
 * costs 0.3-0.5 ms per action and puts this machine's p99 at 3-5 ms.
 */
export function databaseSynchronous(env: NodeJS.ProcessEnv = process.env): Synchronous {
  return env.DATABASE_SYNCHRONOUS?.trim().toUpperCase() === 'FULL' ? 'FULL' : 'NORMAL';
}
