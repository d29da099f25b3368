// The crash test on PostgreSQL: a child process plays games and is SIGKILLed at random moments
// (seeded), mid-commit included; after every kill each commit the child announced is stored exactly
// once, every game's log replays to its snapshot, and at the end every game plays on to its end.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Setup } from '../../../src/engine/index.js';
import { PG_MIGRATIONS_FOLDER } from '../../../src/store/pg/migrate.js';
import { verifyGame } from '../../../src/store/recovery.js';
import type { LoggedAction } from '../../../src/store/replay.js';
import { pgDatabase } from '../../support/pg-database.js';
import { startLife, type Life } from '../../support/life.js';
import { rng } from '../helpers.js';

const CHILD_SOURCE = fileURLToPath(new URL('./crash-child.ts', import.meta.url));
// Bundled once (as test/store/crash.test.ts does): through tsx every start would pay about a second.
const CHILD = fileURLToPath(new URL('../../../node_modules/.cache/fengsheng-test/pg-crash-child.mjs', import.meta.url));
let url = '';
beforeAll(async () => {
  url = await pgDatabase('crash');
  await build({ entryPoints: [CHILD_SOURCE], outfile: CHILD, bundle: true, platform: 'node', format: 'esm', target: 'node20', external: ['better-sqlite3', 'pino', 'sonic-boom', 'pg'], logLevel: 'error' });
});
const KILLS = 30;
const SEED = 20261201;

const startChild = (life: number, mode: 'play' | 'finish'): Life => startLife(CHILD, [url, String(SEED + life), mode], { LOG_LEVEL: 'silent', CRASH_PG_MIGRATIONS: PG_MIGRATIONS_FOLDER });

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

async function checkDatabase(): Promise<{ games: number; finished: number }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    if (!(await c.query("SELECT to_regclass('public.games') AS t")).rows[0].t) {
      expect(created.size, 'games were announced but the schema is missing').toBe(0);
      return { games: 0, finished: 0 };
    }
    const games = (await c.query('SELECT id, status, version, setup, decision_ms, window_ms, created_at, snapshot, snapshot_version FROM games')).rows as {
      id: number; status: string; version: number; setup: string; decision_ms: number | null; window_ms: number | null; created_at: string; snapshot: Buffer; snapshot_version: number;
    }[];
    const byId = new Map(games.map((g) => [g.id, g]));
    for (const id of created) expect(byId.has(id), `announced game ${id} is missing`).toBe(true);
    for (const [id, v] of acked) {
      // Exactly once: the key (game_id, version) forbids a second row, and the row is there.
      expect((await c.query('SELECT count(*)::int AS n FROM actions WHERE game_id = $1 AND version = $2', [id, v])).rows[0].n, `announced action ${id}/${v}`).toBe(1);
      expect(byId.get(id)!.version).toBeGreaterThanOrEqual(v);
    }
    for (const g of games) {
      expect(g.status).not.toBe('broken');
      const log = (await c.query('SELECT version, seat, action, at::float8 AS at FROM actions WHERE game_id = $1 ORDER BY version', [g.id])).rows as LoggedAction[];
      expect(log.length).toBe(g.version);
      const v = verifyGame({ setup: JSON.parse(g.setup) as Setup, decisionMs: g.decision_ms, windowMs: g.window_ms, createdAt: Number(g.created_at) }, g.version, g.snapshot, log, undefined, g.snapshot_version);
      expect(v.ok ? 'ok' : v.reason, `game ${g.id}`).toBe('ok');
      if (v.ok) expect(v.state.result !== null).toBe(g.status === 'finished');
    }
    return { games: games.length, finished: games.filter((g) => g.status === 'finished').length };
  } finally {
    await c.end();
  }
}

describe('crash safety on PostgreSQL', () => {
  it(`keeps every announced action, once, through ${KILLS} SIGKILLs, and every game plays to its end`, async () => {
    const next = rng(SEED);
    let startupMs = 1500;
    let kills = 0;
    let killsWhilePlaying = 0;
    for (let life = 0; kills < KILLS; life++) {
      const t0 = performance.now();
      const child = startChild(life, 'play');
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
      await checkDatabase();
    }
    expect(killsWhilePlaying).toBeGreaterThanOrEqual(20);
    expect(acked.size).toBeGreaterThan(0);
    const last = startChild(10_000, 'finish');
    const { code } = await last.exit;
    absorb(last.lines);
    expect(code, last.lines.slice(-3).join('\n')).toBe(0);
    expect(last.lines.at(-1)).toBe('done');
    const { games, finished } = await checkDatabase();
    expect(games).toBeGreaterThanOrEqual(created.size);
    expect(finished).toBe(games);
    expect(games).toBeGreaterThanOrEqual(6);
    console.log(`PostgreSQL crash test: ${kills} kills (${killsWhilePlaying} while playing); ${games} games, ${[...acked.values()].reduce((a, b) => a + b, 0)} actions acknowledged`);
  }, 170_000);
});
