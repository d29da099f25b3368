// npm run export -- GAME_ID [--out FILE]: the whole game as JSON (default ./game-GAME_ID.json;
// `--out -` writes to stdout). Reads only; safe while the bot runs.
import 'dotenv/config';
import fs from 'node:fs';
import pino from 'pino';
import { databasePath } from '../store/config.js';
import { openExisting } from '../store/connection.js';
import { exportGame } from '../store/export.js';
import { SqliteBackend } from '../store/sqlite.js';
import { parseCommand, usageError } from './args.js';

const command = {
  usage: 'npm run export --',
  summary: 'Writes one whole game as JSON (its setup, every action, who saw what); reads only, safe while the bot runs.',
  options: { out: { type: 'string', value: 'FILE|-', help: 'where it goes; - for standard output (default ./game-GAME_ID.json)' } },
  positionals: 'GAME_ID',
} as const;
const { values, positionals } = parseCommand(command);
const out = values.out;
if (positionals.length !== 1 || !/^[1-9]\d*$/.test(positionals[0])) usageError(command, 'name one game by its number');
const gameId = Number(positionals[0]);

// Logs go to stderr: stdout may be the record itself.
const logger = pino({ level: process.env.LOG_LEVEL || 'info' }, pino.destination(2));
const file = databasePath();
try {
  const conn = openExisting(file);
  let text: string;
  try {
    const record = await exportGame(new SqliteBackend(conn), gameId);
    if (record.replayError) logger.warn({ gameId, reason: record.replayError }, 'the game log does not replay; exported as stored');
    text = JSON.stringify(record, null, 1) + '\n';
  } finally {
    conn.close();
  }
  if (out === '-') {
    process.stdout.write(text);
  } else {
    const dest = out ?? `game-${gameId}.json`;
    fs.writeFileSync(dest, text);
    logger.info({ gameId, dest, bytes: text.length }, 'game exported');
    console.error(dest);
  }
} catch (err) {
  logger.error({ gameId, db: file }, (err as Error).message);
  process.exitCode = 1;
}
