// Kills a child process that plays games through the store with SIGKILL at random moments (seeded),
// at least 50 times, and checks after every kill that each commit the child had announced is stored,
// that every game's log replays to its snapshot, and finally that every game plays on to its end.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Setup } from '../../src/engine/index.js';
import { MIGRATIONS_FOLDER } from '../../src/store/migrate.js';
import { verifyGame } from '../../src/store/recovery.js';
import type { LoggedAction } from '../../src/store/replay.js';
import { startLife, type Life } from '../support/life.js';
import { rng, tempDir } from './helpers.js';

const CHILD_SOURCE = fileURLToPath(new URL('./crash-child.ts', import.meta.url));
// The child is bundled once: through tsx's loader every start pays ~1 s resolving drizzle's hundreds
// of modules, and this test starts the child more than fifty times. Kept under node_modules so the
// bundle's external imports (the native better-sqlite3, pino, sonic-boom and pg, CommonJS that requires Node's
// own modules) resolve as they do for the sources.
const CHILD = fileURLToPath(new URL('../../node_modules/.cache/fengsheng-test/crash-child.mjs', import.meta.url));
beforeAll(async () => {
  await build({
    entryPoints: [CHILD_SOURCE],
    outfile: CHILD,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['better-sqlite3', 'pino', 'sonic-boom', 'pg'],
    logLevel: 'error',
  });
});
const KILLS = 54;
const SEED = 20240601;

const dir = tempDir('fengsheng-crash-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = path.join(dir, 'crash.db');

function startChild(life: number, mode: 'play' | 'finish'): Life {
  return startLife(CHILD, [file, String(SEED + life), mode], { LOG_LEVEL: 'silent', CRASH_MIGRATIONS: MIGRATIONS_FOLDER });
}

/** What the child announced, over all its lives. */
const acked = new Map<number, number>();
const created = new Set<number>();
function absorb(lines: string[]) {
  for (const l of lines) {
    const [word, a, b] = l.split(' ');
    if (word === 'ack') acked.set(Number(a), Math.max(acked.get(Number(a)) ?? 0, Number(b)));
    else if (word === 'created') created.add(Number(a));
    else if (word === 'ready') expect(b, `recovery found broken games: ${lines.join('\n')}`).toBe('0');
    else if (word === 'broken' || word === 'child') throw new Error(l);
  }
}

/** Reads the file read-only, so the child's next life is the one that recovers from the crash. */
function checkDatabase(): { games: number; finished: number } {
  if (!fs.existsSync(file)) return { games: 0, finished: 0 };
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const hasGames = db.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'games'`).get();
    if (!hasGames) {
      expect(created.size, 'games were announced but the schema is missing').toBe(0);
      return { games: 0, finished: 0 };
    }
    const games = db.prepare('SELECT id, status, version, setup, decision_ms, window_ms, created_at, snapshot, snapshot_version FROM games').all() as {
      id: number;
      status: string;
      version: number;
      setup: string;
      decision_ms: number | null;
      window_ms: number | null;
      created_at: number;
      snapshot: Buffer;
      snapshot_version: number;
    }[];
    const byId = new Map(games.map((g) => [g.id, g]));
    for (const id of created) expect(byId.has(id), `announced game ${id} is missing`).toBe(true);
    const hasRow = db.prepare('SELECT 1 FROM actions WHERE game_id = ? AND version = ?');
    for (const [id, v] of acked) {
      expect(hasRow.get(id, v), `announced action ${id}/${v} is missing`).toBeTruthy();
      expect(byId.get(id)!.version).toBeGreaterThanOrEqual(v);
    }
    const logOf = db.prepare('SELECT version, seat, action, at FROM actions WHERE game_id = ? ORDER BY version');
    for (const g of games) {
      expect(g.status).not.toBe('broken');
      const log = logOf.all(g.id) as LoggedAction[];
      const v = verifyGame({ setup: JSON.parse(g.setup) as Setup, decisionMs: g.decision_ms, windowMs: g.window_ms, createdAt: g.created_at }, g.version, g.snapshot, log, undefined, g.snapshot_version);
      expect(v.ok ? 'ok' : v.reason, `game ${g.id}`).toBe('ok');
      if (v.ok) expect(v.state.result !== null).toBe(g.status === 'finished');
    }
    return { games: games.length, finished: games.filter((g) => g.status === 'finished').length };
  } finally {
    db.close();
  }
}

describe('crash safety', () => {
  it(`keeps every announced action through ${KILLS} SIGKILLs, and every game plays to its end`, async () => {
    const started = performance.now();
    const next = rng(SEED);
    let startupMs = 1500;
    let kills = 0;
    let killsWhilePlaying = 0;
    for (let life = 0; kills < KILLS; life++) {
      const t0 = performance.now();
      const child = startChild(life, 'play');
      // One kill in six lands anywhere in start-up (opening, migrating, recovering); the rest while playing.
      if (life % 6 === 5) {
        await new Promise((r) => setTimeout(r, next() * startupMs));
      } else {
        await child.ready;
        startupMs = Math.max(300, performance.now() - t0);
        await new Promise((r) => setTimeout(r, 10 + next() * 150));
        killsWhilePlaying++;
      }
      child.kill();
      const { signal } = await child.exit;
      absorb(child.lines);
      if (signal === 'SIGKILL') kills++;
      checkDatabase();
    }
    const killPhaseMs = performance.now() - started;
    expect(kills).toBeGreaterThanOrEqual(50);
    expect(killsWhilePlaying).toBeGreaterThanOrEqual(40);
    expect(acked.size).toBeGreaterThan(0);

    // The last life runs undisturbed: every game, however often interrupted, goes on to its end.
    const last = startChild(10_000, 'finish');
    const { code } = await last.exit;
    absorb(last.lines);
    expect(code, last.lines.slice(-3).join('\n')).toBe(0);
    expect(last.lines.at(-1)).toBe('done');
    const { games, finished } = checkDatabase();
    // A game can be committed and the kill land before its creation was announced: more games
    // in the database than announced is right; fewer would be a loss.
    expect(games).toBeGreaterThanOrEqual(created.size);
    expect(finished).toBe(games);
    expect(games).toBeGreaterThanOrEqual(6);
    const total = [...acked.values()].reduce((a, b) => a + b, 0);
    console.log(
      `crash test: ${kills} kills (${killsWhilePlaying} while playing) in ${Math.round(killPhaseMs)} ms, ` +
        `then the last life in ${Math.round(performance.now() - started - killPhaseMs)} ms; ${games} games, ${total} actions acknowledged`,
    );
  }, 170_000);
});
