// npm run export -- GAME_ID [--out FILE]: the whole game as JSON (default ./game-GAME_ID.json;
// `--out -` writes to stdout). Reads only; safe while the bot runs.
import 'dotenv/config';
import fs from 'node:fs';
import pino from 'pino';
import { databasePath } from '../store/config.js';
import { openExisting } from '../store/connection.js';
import { exportGame } from '../store/export.js';
import { SqliteBackend } from '../store/sqlite.js';

const args = process.argv.slice(2);
const outAt = args.findIndex((a) => a === '--out' || a === '-o');
const out = outAt >= 0 ? args[outAt + 1] : undefined;
const idArg = args.find((a, i) => !a.startsWith('-') && (outAt < 0 || i !== outAt + 1));
const gameId = Number(idArg);
if (!idArg || !Number.isInteger(gameId) || gameId <= 0 || (outAt >= 0 && !out)) {
  console.error('usage: npm run export -- GAME_ID [--out FILE|-]');
  process.exit(2);
}

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
