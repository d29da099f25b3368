// A process on leases (src/run/leases.ts), against two connections to one SQLite file: a process
// with SHARD_IDS waits until its shards are free and takes them all at once; a standby takes what is
// free; a holder renews its leases (and knows when it is no longer sure of them: it leaves clicks to
// whoever may have taken them), and is told once when another has taken one over (main.ts then stops
// it, exit 11); release frees them at once.
import { afterEach, describe, expect, it } from 'vitest';
import { ShardLeases } from '../../src/run/leases.js';
import type { SqliteBackend } from '../../src/store/sqlite.js';
import { quiet, twoSqliteBackends } from './pg/helpers.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

function twoConnections(): [SqliteBackend, SqliteBackend] {
  const { a, b, close } = twoSqliteBackends();
  closers.push(close);
  return [a, b];
}

/** Polls `check` until it is true, failing after a deadline (no fixed sleep). */
async function until(check: () => boolean | Promise<boolean>, deadlineMs = 10_000): Promise<void> {
  const end = performance.now() + deadlineMs;
  while (!(await check())) {
    if (performance.now() > end) throw new Error('condition not met before the deadline');
    await new Promise((r) => setImmediate(r));
  }
}

describe('a process on leases', () => {
  it('waits for its shards, renews them, hears once when one is taken over, and releases at once', async () => {
    const [a, b] = twoConnections();
    const TTL = 300;
    const owner = new ShardLeases(a, { count: 2, ids: [0, 1], ttlMs: TTL, log: quiet });
    const tookAt = performance.now();
    expect(await owner.acquire()).toEqual([0, 1]);
    expect(owner.sure).toBe(true);
    // Not renewed for a lease's time (a paused process): no longer sure, though nobody took them.
    await until(() => !owner.sure);
    expect(performance.now() - tookAt).toBeGreaterThanOrEqual(TTL);
    // It did not even try to renew: its clicks are left to whoever may have taken them.
    expect(owner.answering).toBe(false);
    // Renewed every TTL / 3: sure again, and still held after several leases' time.
    owner.keep(() => {
      throw new Error('not lost');
    });
    await until(() => owner.sure);
    const started = performance.now();
    const standby = new ShardLeases(b, { count: 2, ids: null, ttlMs: TTL, log: quiet });
    let taken: number[] | null = null;
    const waiting = standby.acquire().then((ids) => (taken = ids));
    await until(() => performance.now() - started > 3 * TTL);
    expect(taken).toBeNull();
    // Released (SIGTERM): the standby takes both at its next look, within a lease.
    const releasedAt = performance.now();
    await owner.release();
    await waiting;
    expect(taken).toEqual([0, 1]);
    expect(performance.now() - releasedAt).toBeLessThan(TTL);
    // A holder that stalled: its lease is taken over, and it is told once, with the shard.
    const lost: number[][] = [];
    standby.keep((ids) => lost.push(ids));
    a.conn.sqlite.prepare(`UPDATE shard_leases SET expires_at = 1 WHERE shard_id = 1`).run();
    const thief = new ShardLeases(a, { count: 2, ids: [1], ttlMs: 60_000, log: quiet });
    expect(await thief.acquire()).toEqual([1]);
    await until(() => lost.length > 0);
    expect(lost).toEqual([[1]]);
    // Stopped waiting (SIGTERM before any lease was free): acquire ends with null.
    const late = new ShardLeases(b, { count: 2, ids: [1], ttlMs: TTL, log: quiet });
    const gave = late.acquire();
    late.stop();
    expect(await gave).toBeNull();
    thief.stop();
    standby.stop();
  });

  it('a holder whose renewals fail (the database away, as in a failover) is no longer sure, but still answers clicks until it is back', async () => {
    const [a] = twoConnections();
    const TTL = 300;
    const owner = new ShardLeases(a, { count: 1, ids: [0], ttlMs: TTL, log: quiet });
    expect(await owner.acquire()).toEqual([0]);
    const lost: number[][] = [];
    owner.keep((ids) => lost.push(ids));
    // The database refuses every transaction from now on.
    const real = a.transaction.bind(a);
    let away = true;
    a.transaction = ((fn: never, o: never) => (away ? Promise.reject(new Error('connection terminated unexpectedly')) : real(fn, o))) as typeof a.transaction;
    await until(() => !owner.sure);
    expect(owner.answering).toBe(true);
    // Several leases' time away: still answering (each renewal failed moments ago).
    const started = performance.now();
    await until(() => performance.now() - started > 3 * TTL);
    expect(owner.sure).toBe(false);
    expect(owner.answering).toBe(true);
    // A database that hangs instead of failing (connections that never answer): still answering while the
    // renewal begun when it answered has not come back.
    let release: () => void = () => {};
    a.transaction = ((fn: never, o: never) => new Promise((resolve) => (release = () => resolve(real(fn, o))))) as typeof a.transaction;
    const hung = performance.now();
    await until(() => performance.now() - hung > 2 * TTL);
    expect(owner.answering).toBe(true);
    // It goes through at last (the new primary): confirmed only as of when it began, more than a lease
    // ago, yet the process answers on (the database was away until now) and renews again at once.
    away = false;
    a.transaction = real;
    release();
    const back = performance.now();
    while (!owner.sure) {
      expect(owner.answering).toBe(true);
      if (performance.now() - back > 10_000) throw new Error('not sure again within 10 s');
      await new Promise((r) => setImmediate(r));
    }
    await until(() => owner.sure);
    expect(lost).toEqual([]);
    owner.stop();
    expect(owner.answering).toBe(false);
  });
});

