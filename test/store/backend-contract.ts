// What any StoreBackend must do (backend.ts), as a suite a backend's test file runs with its own
// opener: test/store/backend.test.ts for SQLite; the PostgreSQL backend's tests call it the same way.
import { describe, expect, it } from 'vitest';
import type { Lobby } from '../../src/lobby/model.js';
import type { Repos, StoreBackend } from '../../src/store/backend.js';
import { encodeSnapshot } from '../../src/store/snapshot.js';
import { startGame } from '../../src/store/replay.js';
import { PLAYERS5 } from './helpers.js';

/** A fresh, empty, migrated store; `close` closes it and removes what it made. */
export type OpenBackend = () => Promise<{ backend: StoreBackend; close: () => Promise<void> }>;

export async function newGame(tx: Repos, channelId = 'c1'): Promise<number> {
  const setup = { seed: 7, players: PLAYERS5.map((p) => p.name) };
  const { state } = startGame({ setup, decisionMs: null, windowMs: 8000, createdAt: 1000 });
  return tx.games.insertGame({
    guildId: 'g1',
    channelId,
    setup,
    options: state.options,
    decisionMs: null,
    windowMs: 8000,
    snapshot: encodeSnapshot(state),
    deadline: null,
    createdAt: 1000,
    seats: PLAYERS5,
  });
}

const lobby = (channelId: string): Omit<Lobby, 'id'> => ({
  guildId: 'g1',
  channelId,
  hostId: 'u1',
  options: { edition: 'standard', characters: false, altSplit: false, soySauceAlliance: false, timer: 60, roundLimit: 0 },
  seats: [],
  messageId: null,
  gameId: null,
});

/**
 * `concurrentWrites`: the backend runs write transactions of one process side by side (PostgreSQL:
 * each on its own pooled connection, rows locked where they must be); else one after another
 * (SQLite: one connection, one writer).
 */
export function backendContract(name: string, open: OpenBackend, o: { concurrentWrites?: boolean } = {}): void {
  const withBackend = (fn: (b: StoreBackend) => Promise<void>) => async () => {
    const { backend, close } = await open();
    try {
      await fn(backend);
    } finally {
      await close();
    }
  };

  describe(`${name}: the StoreBackend contract`, () => {
    it(
      'answers through Promises',
      withBackend(async (b) => {
        const id = await b.transaction((tx) => newGame(tx));
        expect(await b.repos.games.activeIn('g1', 'c1')).toEqual([id]);
        expect(await b.repos.games.activeIds()).toEqual([id]);
        expect((await b.repos.games.info(id))?.channelId).toBe('c1');
        expect((await b.repos.games.head(id))?.status).toBe('active');
        expect((await b.repos.games.seats(id)).map((s) => s.name)).toEqual(PLAYERS5.map((p) => p.name));
        expect(await b.repos.games.newestIn('g1', 'c1')).toBe(id);
        expect(await b.repos.games.newestIn('g1', 'c2')).toBeNull();
        expect((await b.repos.settings.write('g1', { windowMs: 5000 }, 2000)).windowMs).toBe(5000);
        expect((await b.repos.settings.read('g1')).windowMs).toBe(5000);
        expect(await b.repos.prefs.respond('u1')).toBe('all');
        expect((await b.repos.recovery.unfinished()).map((r) => r[0])).toEqual([id]);
        // The channel plays a game: no lobby opens there; another channel's does.
        expect(await b.repos.lobbies.create(lobby('c1'))).toBeNull();
        expect((await b.repos.lobbies.create(lobby('c2')))?.channelId).toBe('c2');
      }),
    );

    it(
      'holds an active game once: no deadline, listed with its time, until a commit of the game ends the hold',
      withBackend(async (b) => {
        const id = await b.transaction((tx) => newGame(tx));
        const other = await b.transaction((tx) => newGame(tx, 'c2'));
        await b.repos.games.setStatus(other, 'aborted', 1500);
        expect(await b.repos.games.hold(other, 2000)).toBe(false);
        expect(await b.repos.games.hold(id, 2000)).toBe(true);
        expect(await b.repos.games.hold(id, 3000)).toBe(false);
        expect(await b.repos.games.held()).toEqual([{ id, since: 2000 }]);
        expect(await b.repos.games.statusOf(id)).toEqual(['active', 0, 2000]);
        expect(await b.repos.games.nextDeadline()).toBeNull();
        const snapshot = (await b.repos.games.snapshot(id))!;
        await b.transaction((tx) => tx.games.updateSnapshot({ id, fromVersion: 0, version: 1, snapshot, deadline: 9000, status: 'active', updatedAt: 4000, finishedAt: null }));
        expect(await b.repos.games.held()).toEqual([]);
        expect(await b.repos.games.statusOf(id)).toEqual(['active', 1, null]);
        expect(await b.repos.games.nextDeadline()).toBe(9000);
      }),
    );

    it(
      'the next row owed to a target: oldest first, passing over one owed later on purpose until it is due, never one in back-off',
      withBackend(async (b) => {
        const id = await b.transaction((tx) => newGame(tx));
        await b.transaction((tx) => tx.outbox.add([{ gameId: id, kind: 'dm', target: 'u1', body: { content: 'later' }, delayMs: 30_000 }], 1000));
        await b.transaction((tx) => tx.outbox.add([{ gameId: id, kind: 'dm', target: 'u1', body: { content: 'now' } }], 2000));
        const body = async (now: number) => ((await b.repos.outbox.nextOwedTo(id, 'u1', now))?.body as { content: string } | undefined)?.content;
        expect(await body(2000)).toBe('now');
        expect(await body(31_000)).toBe('later');
        const [later] = await b.repos.outbox.owed(id);
        expect(later.nextAt).toBe(31_000);
        await b.repos.outbox.retryAt(later.id, 1, 40_000);
        expect(await body(2000)).toBe('later');
      }),
    );

    it(
      'a transaction that rejects leaves nothing, with what was written from inside it through repos and a joined transaction',
      withBackend(async (b) => {
        await expect(
          b.transaction(async (tx) => {
            const id = await newGame(tx);
            await b.repos.settings.write('g1', { windowMs: 5000 }, 2000);
            await b.transaction(async (inner) => inner.outbox.add([{ gameId: id, kind: 'post', target: 'c1', body: {} }], 2000));
            throw new Error('no');
          }),
        ).rejects.toThrow('no');
        expect(await b.repos.games.activeIds()).toEqual([]);
        expect((await b.repos.settings.read('g1')).windowMs).toBe(8000);
        expect(await b.repos.outbox.owedGames()).toEqual([]);
      }),
    );

    it(
      'a statement from outside an open transaction neither sees nor joins it',
      withBackend(async (b) => {
        let release!: () => void;
        const held = new Promise<void>((r) => (release = r));
        let inside!: () => void;
        const entered = new Promise<void>((r) => (inside = r));
        const tx = b.transaction(async (t) => {
          await newGame(t);
          inside();
          await held;
          throw new Error('rolled back');
        });
        await entered;
        const outside = b.repos.settings.write('g2', { windowMs: 4000 }, 3000);
        const read = b.repos.games.activeIds();
        await new Promise((r) => setTimeout(r, 20));
        release();
        await expect(tx).rejects.toThrow('rolled back');
        await outside;
        expect((await b.repos.settings.read('g2')).windowMs).toBe(4000);
        expect(await read).toEqual([]);
      }),
    );

    it(
      'work a transaction left behind (a timer it set) is outside it once it ended, and outside the next one',
      withBackend(async (b) => {
        let later!: Promise<unknown>;
        await b.transaction(async (tx) => {
          await newGame(tx, 'a');
          later = new Promise((r) => setTimeout(r, 30)).then(() => b.repos.settings.write('g3', { windowMs: 3000 }, 1));
        });
        await expect(
          b.transaction(async () => {
            await new Promise((r) => setTimeout(r, 80));
            throw new Error('rolled back');
          }),
        ).rejects.toThrow('rolled back');
        await later;
        expect((await b.repos.settings.read('g3')).windowMs).toBe(3000);
      }),
    );

    it(
      o.concurrentWrites ? 'write transactions run side by side, each whole' : 'write transactions run one after another',
      withBackend(async (b) => {
        const order: string[] = [];
        // Each waits until all have begun (side by side) or only for its own moment (one after another).
        let begun = 0;
        let allBegun!: () => void;
        const all = new Promise<void>((r) => (allBegun = r));
        const ids = await Promise.all(
          ['a', 'b', 'c'].map((k) =>
            b.transaction(async (tx) => {
              order.push(`${k}<`);
              const id = await newGame(tx, k);
              if (++begun === 3) allBegun();
              await (o.concurrentWrites ? all : new Promise((r) => setTimeout(r, 5)));
              order.push(`>${k}`);
              return id;
            }),
          ),
        );
        if (o.concurrentWrites) expect(order.slice(0, 3).sort()).toEqual(['a<', 'b<', 'c<']);
        else expect(order).toEqual(['a<', '>a', 'b<', '>b', 'c<', '>c']);
        expect((await b.repos.games.activeIds()).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
      }),
    );
  });
}
