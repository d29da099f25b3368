// Another process holding the database's write lock (a second bot on the same file, an sqlite3
// shell left in a transaction): the bot's games wait for it without freezing the process, and
// every action submitted meanwhile is committed, in order, once the lock is free.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { legalActions, waitingOn } from '../../src/engine/index.js';
import { GameStore } from '../../src/store/store.js';
import { PLAYERS5, tempDir } from './helpers.js';

const driver = createRequire(import.meta.url).resolve('better-sqlite3');
const HOLDER = `
const Database = require(${JSON.stringify(driver)});
const db = new Database(process.argv[1]);
db.exec('BEGIN IMMEDIATE');
console.log('locked');
process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); console.log('released'); process.exit(0); });
`;

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function holdLock(file: string): Promise<{ release: () => Promise<void> }> {
  const child = spawn(process.execPath, ['-e', HOLDER, file], { stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(child);
  const lines = createInterface({ input: child.stdout! });
  const [first] = (await once(lines, 'line')) as [string];
  expect(first).toBe('locked');
  return {
    release: async () => {
      child.stdin!.write('go\n');
      await once(child, 'exit');
    },
  };
}

/** The longest the event loop went without running a 5 ms interval, while `during` runs. */
async function longestStall<T>(during: () => Promise<T>): Promise<{ value: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 5);
  try {
    const value = await during();
    return { value, stallMs };
  } finally {
    clearInterval(tick);
  }
}

describe('another process holds the write lock', () => {
  it('games wait without freezing the process, and every action goes in once the lock is free', async () => {
    const d = tempDir();
    dirs.push(d);
    const file = path.join(d, 'g.db');
    const store = await GameStore.open({ path: file, checkpointWorker: false });
    try {
      const games = Array.from({ length: 20 }, (_, g) => store.createGame({ guildId: 'g', channelId: `c${g}`, seats: PLAYERS5, seed: g }));
      const holder = await holdLock(file);
      const { value, stallMs } = await longestStall(async () => {
        const results = games.map((g) => {
          const seat = waitingOn(g.state)[0];
          return store.submit(g.gameId, legalActions(g.state, seat)[0]);
        });
        // The process still answers (a click's acknowledgement would go out) while the lock is held.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(games.every((g) => store.game(g.gameId)!.version === 0)).toBe(true);
        const released = performance.now();
        await holder.release();
        const all = await Promise.all(results);
        return { all, afterRelease: performance.now() - released };
      });
      expect(value.all.every((r) => r.ok)).toBe(true);
      expect(games.map((g) => store.game(g.gameId)!.version)).toEqual(games.map(() => 1));
      // One synchronous wait is at most the bot's short busy timeout (20 ms), plus a loaded machine's noise.
      expect(stallMs).toBeLessThan(250);
      // The retries back off to 0.5 s at most.
      expect(value.afterRelease).toBeLessThan(1_500);
    } finally {
      await store.close();
    }
  }, 30_000);
});
