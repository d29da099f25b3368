import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKSTOP_AUTOCHECKPOINT_PAGES } from '../../src/store/checkpointer.js';
import { GameStore } from '../../src/store/store.js';
import { PLAYERS5, randomAction, rng, tempDir } from './helpers.js';

const dir = tempDir();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('WAL checkpoints', () => {
  it('happen in the worker thread, not in commits, and the database closes clean', async () => {
    const file = path.join(dir, 'cp.db');
    const store = await GameStore.open({ path: file });
    expect(store.conn.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(BACKSTOP_AUTOCHECKPOINT_PAGES);
    const sizeBefore = fs.statSync(file).size;
    const g = store.createGame({ guildId: 'g', channelId: 'c', seats: PLAYERS5, seed: 1 });
    let state = g.state;
    const next = rng(1);
    for (let i = 0; i < 40; i++) {
      const r = await store.submit(g.gameId, randomAction(state, next)!);
      if (!r.ok) throw new Error(r.reason);
      state = r.state;
    }
    // Pages reach the main file only through a checkpoint, and the commits' own one is far away:
    // so the file grows only when the worker has run. It runs every 100 ms; allow it seconds.
    const until = Date.now() + 5_000;
    while (fs.statSync(file).size === sizeBefore && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(fs.statSync(file).size).toBeGreaterThan(sizeBefore);
    await store.close();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const again = await GameStore.open({ path: file, checkpointWorker: false });
    expect(again.conn.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    expect(again.state(g.gameId)!.version).toBe(40);
    await again.close();
  });
});
