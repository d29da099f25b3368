// The asynchronous commit (commit-async.ts) on both backends: one transaction per action, memory after
// the commit; on PostgreSQL the game's row locked, so two processes writing one game take turns.
import { afterEach, describe, expect, it } from 'vitest';
import { apply, legalActions, waitingOn, type Action } from '../../../src/engine/index.js';
import { applyAndCommitAsync } from '../../../src/store/commit-async.js';
import { pgGamesRepo } from '../../../src/store/pg/games-repo.js';
import { decodeSnapshot, snapshotText } from '../../../src/store/snapshot.js';
import { clockAt, storedState } from '../../../src/store/replay.js';
import { SNAPSHOT_EVERY } from '../../../src/store/commit.js';
import { PLAYERS5, randomAction, rng } from '../helpers.js';
import { BACKENDS, closeAllPg, commitContext, createGameOn, createPgGame, openBackend, openPg } from './helpers.js';

afterEach(closeAllPg);

const T0 = 1_700_000_000_000;

const dump = async (rows: (q: string) => Promise<unknown[]>) => {
  const out: unknown[] = [];
  for (const t of ['games', 'actions', 'seats', 'user_stats', 'outbox']) out.push(await rows(`SELECT * FROM ${t} ORDER BY 1, 2`));
  return JSON.stringify(out);
};

describe.each(BACKENDS)('committing actions, asynchronously, to %s', (kind) => {
  it('stores a game at version 0 and each action with its snapshot; plays a game to its end with the statistics', async () => {
    const { backend } = await openBackend(kind);
    const ctx = commitContext(backend);
    const g = await createGameOn(backend, { seats: PLAYERS5, seed: 11, now: T0 });
    const repo = backend.repos.games;
    expect(await repo.statusOf(g.gameId)).toEqual(['active', 0, null]);
    expect((await repo.seats(g.gameId)).map((s) => [s.seat, s.userId, s.ai])).toEqual(PLAYERS5.map((p, i) => [i, p.userId, p.userId === null]));

    const next = rng(11);
    let state = g.state;
    let now = T0;
    let n = 0;
    for (;;) {
      const action = randomAction(state, next);
      if (!action) break;
      now += 1000;
      const expected = apply(state, action, clockAt(now, { decisionMs: 60_000, windowMs: 8_000 }));
      const r = await applyAndCommitAsync(ctx, g.gameId, action, now);
      expect(r.ok).toBe(true);
      if (!r.ok || !expected.ok) throw new Error('refused');
      expect(snapshotText(r.state)).toBe(snapshotText(expected.state));
      state = r.state;
      n++;
      if (n % 50 === 0) {
        // The snapshot is of the last multiple of SNAPSHOT_EVERY; with the log's rows after it, the state.
        const head = (await repo.head(g.gameId))!;
        expect(head.snapshotVersion).toBe(n - (n % SNAPSHOT_EVERY));
        expect(decodeSnapshot((await repo.snapshot(g.gameId))!, head.setup!).version).toBe(head.snapshotVersion);
        expect(snapshotText(await storedState(repo, g.gameId, { ...head, setup: head.setup! }))).toBe(snapshotText(state));
      }
    }
    expect(state.result).not.toBeNull();
    expect(await repo.statusOf(g.gameId)).toEqual(['finished', n, null]);
    const log = await repo.log(g.gameId);
    expect(log.map((l) => l.version)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(log.at(-1)!.at).toBe(now);
    const info = (await repo.info(g.gameId))!;
    expect(info).toMatchObject({ status: 'finished', finishedAt: now, deadline: null, version: n });
    const seats = await repo.seats(g.gameId);
    expect(seats.every((s) => s.identity !== null && s.result !== null && s.died !== null)).toBe(true);
    const winners = seats.filter((s) => s.result === 'win' && s.userId !== null);
    for (const s of seats.filter((x) => x.userId !== null)) {
      const st = (await backend.repos.stats.read(s.userId!))!;
      expect(st).toMatchObject({ games: 1, wins: winners.includes(s) ? 1 : 0, updatedAt: now });
    }
    expect(await backend.repos.stats.read('nobody')).toBeNull();
    expect(ctx.live.has(g.gameId)).toBe(false);
  });

  it('a refused action writes nothing', async () => {
    const { backend, rows } = await openBackend(kind);
    const ctx = commitContext(backend);
    const g = await createGameOn(backend, { seats: PLAYERS5, seed: 2, now: T0 });
    const before = await dump(rows);
    const notWaited = [0, 1, 2, 3, 4].find((s) => !waitingOn(g.state).includes(s) || legalActions(g.state, s).length === 0);
    const attempts: unknown[] = [{ kind: 'fly', seat: 0 }, { kind: 'play', seat: 0, card: 9999 }, { kind: 'pass', seat: 42 }, { kind: 'timeout' }, 'not an object'];
    if (notWaited !== undefined) attempts.push({ kind: 'take', seat: notWaited });
    for (const a of attempts) expect((await applyAndCommitAsync(ctx, g.gameId, a as Action, T0)).ok, JSON.stringify(a)).toBe(false);
    expect((await applyAndCommitAsync(ctx, 999, { kind: 'timeout' }, T0)).ok).toBe(false);
    expect(await dump(rows)).toBe(before);
  });

  it('a timeout is taken once its deadline has passed, and the deadline column follows', async () => {
    const { backend } = await openBackend(kind);
    const ctx = commitContext(backend);
    const g = await createGameOn(backend, { seats: PLAYERS5, seed: 3, now: T0 });
    const repo = backend.repos.games;
    const deadline = g.state.pending!.deadline!;
    expect(await repo.nextDeadline()).toBe(deadline);
    expect(await repo.due(deadline - 1)).toEqual([]);
    expect(await repo.due(deadline)).toEqual([g.gameId]);
    expect((await applyAndCommitAsync(ctx, g.gameId, { kind: 'timeout' }, deadline - 1)).ok).toBe(false);
    const r = await applyAndCommitAsync(ctx, g.gameId, { kind: 'timeout' }, deadline);
    expect(r.ok).toBe(true);
    if (r.ok) expect((await repo.info(g.gameId))!.deadline).toBe(r.state.pending?.deadline ?? null);
  });
});

describe('committing to PostgreSQL from several processes', () => {

  it('two processes committing to one game take turns: every version once, none lost', async () => {
    // Two pools on one database are two bot processes; each has its own memory of the game.
    const a = await openPg();
    const b = await openPg(a.pool.options.connectionString);
    const ca = commitContext(a);
    const cb = commitContext(b);
    const g = await createPgGame(a, { seats: PLAYERS5, seed: 5, now: T0 });
    const next = rng(5);
    let committed = 0;
    // Each round both submit the same legal action at once: the lock makes the second wait for the
    // first's commit, then read the new version (its memory is stale) and find the action refused or
    // legal anew. Without the lock both would write version v+1 and one would fail on the key.
    for (let round = 0; round < 40; round++) {
      const head = (await pgGamesRepo(a.db).head(g.gameId))!;
      const current = await storedState(pgGamesRepo(a.db), g.gameId, { ...head, setup: head.setup! });
      const action = randomAction(current, next);
      if (!action) break;
      const [ra, rb] = await Promise.all([applyAndCommitAsync(ca, g.gameId, action, T0 + round), applyAndCommitAsync(cb, g.gameId, action, T0 + round)]);
      committed += Number(ra.ok) + Number(rb.ok);
    }
    const repo = pgGamesRepo(a.db);
    const log = await repo.log(g.gameId);
    const [, version] = (await repo.statusOf(g.gameId))!;
    expect(log.length).toBe(committed);
    expect(log.map((l) => l.version)).toEqual(Array.from({ length: version }, (_, i) => i + 1));
    expect(committed).toBeGreaterThanOrEqual(40);
  });
});
