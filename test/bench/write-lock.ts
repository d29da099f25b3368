// Another process holds the database's write lock for HOLD ms while 200 games each submit one
// action: how long the bot's event loop stalls, and when every action is in. README "Measured figures".
//   npx tsx test/bench/write-lock.ts [HOLD_MS=2000] [BUSY_TIMEOUT_MS]   (the second: the old synchronous wait, e.g. 5000)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import pino from 'pino';
import { legalActions, waitingOn } from '../../src/engine/index.js';
import { BOT_BUSY_TIMEOUT_MS } from '../../src/store/config.js';
import { GameStore } from '../../src/store/store.js';

const holdMs = Number(process.argv[2] ?? 2000);
const busyMs = Number(process.argv[3] ?? BOT_BUSY_TIMEOUT_MS);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fengsheng-lock-'));
const file = path.join(dir, 'g.db');
const store = await GameStore.open({ path: file, checkpointWorker: false, logger: pino({ level: 'silent' }) });
store.conn.sqlite.pragma(`busy_timeout = ${busyMs}`);
const seats = ['a', 'b', 'c', 'd', 'e'].map((name, i) => ({ userId: String(i + 1), name }));
const games = Array.from({ length: 200 }, (_, g) => store.createGame({ guildId: 'g', channelId: `c${g}`, seats, seed: g }));

const driver = createRequire(import.meta.url).resolve('better-sqlite3');
const holder = spawn(
  process.execPath,
  ['-e', `const D = require(${JSON.stringify(driver)}); const db = new D(process.argv[1]); db.exec('BEGIN IMMEDIATE'); console.log('locked'); setTimeout(() => { db.exec('COMMIT'); process.exit(0); }, ${holdMs});`, file],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
await once(createInterface({ input: holder.stdout! }), 'line');

let last = performance.now();
let stall = 0;
const tick = setInterval(() => {
  const now = performance.now();
  stall = Math.max(stall, now - last);
  last = now;
}, 5);
const started = performance.now();
const results = await Promise.allSettled(games.map((g) => store.submit(g.gameId, legalActions(g.state, waitingOn(g.state)[0])[0])));
const done = performance.now();
clearInterval(tick);
stall = Math.max(stall, done - last);
const committed = results.filter((r) => r.status === 'fulfilled' && r.value.ok).length;
process.stdout.write(JSON.stringify({ busyTimeoutMs: busyMs, holdMs, games: games.length, committed, longestStallMs: Math.round(stall), allCommittedMs: Math.round(done - started) }) + '\n');
await store.close();
fs.rmSync(dir, { recursive: true, force: true });
