// One owner per shard (issue 37, store/leases.ts): two processes on one database (two connections, as
// two machines would have), on SQLite and PostgreSQL. Leases are taken all or none, renewed, released
// and taken over once expired; a process whose lease was taken over cannot commit to that shard's
// games (the fence in the commit's transaction), nor create one there; and on PostgreSQL a takeover
// waits for a commit already in flight, so none of the old holder's lands after it.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoreBackend } from '../../src/store/backend.js';
import { applyAndCommit } from '../../src/store/commit.js';
import { SharedIdentifyThrottler } from '../../src/run/identify.js';
import { LeaseLostError, type LeaseHolder } from '../../src/store/leases.js';
import { PgBackend } from '../../src/store/pg/backend.js';
import { shardOf } from '../../src/store/shard.js';
import { GameStore } from '../../src/store/store.js';
import { pgDatabase } from '../support/pg-database.js';
import { PLAYERS5, randomAction, rng } from './helpers.js';
import { BACKENDS, closeAllPg, commitContext, createGameOn, openPg, quiet, twoSqliteBackends, type BackendKind } from './pg/helpers.js';

const T0 = 1_700_000_000_000;
/** A guild id (snowflake) of the given millisecond: its shard of 2 is ms % 2. */
const guild = (ms: number) => ((BigInt(ms) << 22n) | 7n).toString();

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
  await closeAllPg();
});

/** Two backends (two processes' connections) on one new database, and a way to run SQL on it. */
async function twoProcesses(kind: BackendKind): Promise<{ a: StoreBackend; b: StoreBackend; sql: (q: string) => Promise<unknown> }> {
  if (kind === 'postgres') {
    const url = await pgDatabase('leases');
    const [ca, cb] = [await openPg(url), await openPg(url)];
    return { a: new PgBackend(ca), b: new PgBackend(cb), sql: (q) => ca.pool.query(q) };
  }
  const { a, b, close } = twoSqliteBackends();
  closers.push(close);
  return { a, b, sql: async (q) => a.conn.sqlite.prepare(q).run() };
}

const holder = (name: string, count = 2): LeaseHolder => ({ count, holder: name, host: 'test', pid: 1, ttlMs: 60_000 });
const take = (b: StoreBackend, who: LeaseHolder, ids: number[] | null) => b.transaction((tx) => tx.leases.take(who, ids));

describe.each(BACKENDS)('shard leases on %s', (kind) => {
  it('are taken all or none, renewed by their holder, and taken over only once released or expired', async () => {
    const { a, b, sql } = await twoProcesses(kind);
    const [A, B] = [holder('A'), holder('B')];
    expect(await take(a, A, [0])).toEqual([0]);
    // All or none: shard 1 is free but 0 is A's.
    expect(await take(b, B, [0, 1])).toEqual([]);
    // A standby takes whatever is free.
    expect(await take(b, B, null)).toEqual([1]);
    expect(await take(b, { ...B, holder: 'C' }, null)).toEqual([]);
    expect(await a.repos.leases.renew(A, 12)).toEqual([0]);
    // Each row says its holder's live games (at its last renewal) and whether it is live.
    expect((await a.repos.leases.list(2)).map((l) => [l.shardId, l.holder, l.liveGames, l.live])).toEqual([
      [0, 'A', 12, true],
      [1, 'B', 0, true],
    ]);
    // Released (SIGTERM): taken at once.
    await a.repos.leases.release(2, 'A');
    expect(await take(b, { ...B, holder: 'C' }, [0])).toEqual([0]);
    expect(await a.repos.leases.renew(A, 12)).toEqual([]);
    // Expired (its holder died): taken; the old holder's renewal finds it gone.
    await sql(`UPDATE shard_leases SET expires_at = 1 WHERE holder = 'B'`);
    expect((await a.repos.leases.list(2)).find((l) => l.holder === 'B')?.live).toBe(false);
    expect(await take(a, A, [1])).toEqual([1]);
    expect(await b.repos.leases.renew(B, 0)).toEqual([]);
    // Another shard count waits until every lease of the old count has stopped (released or expired).
    expect(await take(b, holder('B', 3), [0])).toEqual([]);
    await a.repos.leases.release(2, 'A');
    await b.repos.leases.release(2, 'B');
    await b.repos.leases.release(2, 'C');
    expect(await take(b, holder('B', 3), [0])).toEqual([0]);
    expect(await take(a, A, null)).toEqual([]);
  });

  it('a process whose lease was taken over cannot commit, nor create a game, in that shard; the new holder can', async () => {
    const { a, b, sql } = await twoProcesses(kind);
    const [A, B] = [holder('A'), holder('B')];
    const g0 = await createGameOn(a, { guildId: guild(0), seats: PLAYERS5, seed: 3, now: T0 });
    const g1 = await createGameOn(a, { guildId: guild(1), seats: PLAYERS5, seed: 4, now: T0 });
    expect([shardOf(guild(0), 2), shardOf(guild(1), 2)]).toEqual([0, 1]);
    expect(await take(a, A, [0, 1])).toEqual([0, 1]);
    const ctxA = { ...commitContext(a), fence: { count: 2, holder: 'A' } };
    const ctxB = { ...commitContext(b), fence: { count: 2, holder: 'B' } };
    const next = rng(5);
    const move = (s: typeof g0.state) => randomAction(s, next)!;
    // B holds nothing: refused, nothing written.
    expect(await applyAndCommit(ctxB, g0.gameId, move(g0.state), T0 + 1000)).toMatchObject({ ok: false, code: 'notOwner' });
    const a1 = await applyAndCommit(ctxA, g0.gameId, move(g0.state), T0 + 1000);
    expect(a1.ok).toBe(true);
    // A's lease of shard 0 runs out (A stalled) and B takes it over.
    await sql(`UPDATE shard_leases SET expires_at = 1 WHERE shard_id = 0`);
    expect(await take(b, B, null)).toEqual([0]);
    const state = a1.ok ? a1.state : g0.state;
    const version = async () => (await a.repos.games.statusOf(g0.gameId))![1];
    const logRows = async () => (await a.repos.games.log(g0.gameId)).length;
    const [v, n] = [await version(), await logRows()];
    const refused = await applyAndCommit(ctxA, g0.gameId, move(state), T0 + 2000);
    expect(refused).toMatchObject({ ok: false, code: 'notOwner' });
    expect([await version(), await logRows()]).toEqual([v, n]);
    // The timeout path too: the same commit.
    expect(await applyAndCommit(ctxA, g0.gameId, { kind: 'timeout' }, T0 + 10_000_000)).toMatchObject({ ok: false, code: 'notOwner' });
    // The other shard is still A's.
    expect((await applyAndCommit(ctxA, g1.gameId, move(g1.state), T0 + 2000)).ok).toBe(true);
    // B, the new holder, commits to the game (from the stored snapshot).
    expect((await applyAndCommit(ctxB, g0.gameId, move(state), T0 + 3000)).ok).toBe(true);
    expect(await version()).toBe(v + 1);
    // A store on A's lease creates no game in B's shard, and aborts none there.
    const store = await GameStore.over(a, { fence: { count: 2, holder: 'A' }, recover: false, logger: quiet });
    await expect(store.createGame({ guildId: guild(2), channelId: 'c2', seats: PLAYERS5 })).rejects.toBeInstanceOf(LeaseLostError);
    expect(await store.abortGame(g0.gameId, 'test')).toBe(false);
    expect((await a.repos.games.statusOf(g0.gameId))![0]).toBe('active');
    expect((await store.createGame({ guildId: guild(3), channelId: 'c3', seats: PLAYERS5 })).ok).toBe(true);
  });
});

describe.each(BACKENDS)('the identify queue shared by processes, on %s', (kind) => {
  it('lets one shard of a max_concurrency bucket identify per interval, whichever process asks', async () => {
    const { a, b } = await twoProcesses(kind);
    const SPACING = 400;
    // Two processes, max_concurrency 2: shards 0 and 2 share bucket 0, shard 1 is bucket 1.
    const [ta, tb] = [new SharedIdentifyThrottler(a, 2, quiet, SPACING), new SharedIdentifyThrottler(b, 2, quiet, SPACING)];
    const signal = new AbortController().signal;
    const t0 = performance.now();
    const times: number[] = [];
    await Promise.all([
      ta.waitForIdentify(0, signal).then(() => times.push(performance.now() - t0)),
      tb.waitForIdentify(2, signal).then(() => times.push(performance.now() - t0)),
      tb.waitForIdentify(1, signal).then(() => expect(performance.now() - t0).toBeLessThan(SPACING)),
    ]);
    times.sort((x, y) => x - y);
    expect(times[0]).toBeLessThan(SPACING);
    // The second of bucket 0 waited for the bucket's next turn, a spacing after the first's (which came after t0; whole ms aside).
    expect(times[1]).toBeGreaterThanOrEqual(SPACING - 2);
    // The repository's answer: 0 (go), then the wait until the bucket's next turn, for any process.
    expect(await a.transaction((tx) => tx.leases.identify(5, 60_000))).toBe(0);
    const wait = await b.transaction((tx) => tx.leases.identify(5, 60_000));
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    const aborted = new AbortController();
    // A shard destroyed while it waits for its turn (bucket 5 of 8: taken above for a minute).
    const waiting = new SharedIdentifyThrottler(a, 8, quiet, SPACING).waitForIdentify(5, aborted.signal);
    aborted.abort(new Error('shard destroyed'));
    await expect(waiting).rejects.toThrow('shard destroyed');
  });
});

describe('shard leases on PostgreSQL', () => {
  it('a takeover waits for a commit in flight that checked the old lease; that holder commits nothing after it', async () => {
    const { a, b, sql } = await twoProcesses('postgres');
    const g = await createGameOn(a, { guildId: guild(0), seats: PLAYERS5, seed: 6, now: T0 });
    expect(await take(a, holder('A'), [0])).toEqual([0]);
    await sql(`UPDATE shard_leases SET expires_at = 1`);
    // A commit of A in flight: it has checked its lease (still A's row) and not committed yet.
    let finish!: () => void;
    const gate = new Promise<void>((r) => (finish = r));
    let checked!: () => void;
    const inFlight = new Promise<void>((r) => (checked = r));
    const commitA = a.transaction(async (tx) => {
      const ok = await tx.leases.fence(2, 'A', g.gameId);
      checked();
      await gate;
      return ok;
    });
    await inFlight;
    let tookAt = 0;
    const takeover = take(b, holder('B'), null).then((ids) => ((tookAt = performance.now()), ids));
    // The takeover waits on the row lock the commit holds (seen in pg_stat_activity), then goes on when it commits.
    const url = (a as PgBackend).conn.pool.options.connectionString!;
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    try {
      const deadline = performance.now() + 10_000;
      let waiting = 0;
      while (!waiting && performance.now() < deadline)
        waiting = Number((await watcher.query(`SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`)).rows[0].n);
      expect(waiting).toBeGreaterThan(0);
      expect(tookAt).toBe(0);
    } finally {
      await watcher.end();
    }
    const committedAt = performance.now();
    finish();
    expect(await commitA).toBe(true);
    expect(await takeover).toEqual([0, 1]);
    expect(tookAt).toBeGreaterThanOrEqual(committedAt);
    const ctxA = { ...commitContext(a), fence: { count: 2, holder: 'A' } };
    expect(await applyAndCommit(ctxA, g.gameId, randomAction(g.state, rng(1))!, T0 + 1000)).toMatchObject({ ok: false, code: 'notOwner' });
  });
});
