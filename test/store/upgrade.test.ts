// Games stored by an older engine, whose state had another shape (src/store/upgrade.ts): recovery
// upgrades the stored snapshot and the game goes on. The fixture holds unfinished games stored by
// engine version 1 (SeatChar.knows / identityGone / redAtDeath, DecisionData.sees), made by random
// play with that engine.
import { sqliteConnection } from '../../src/store/sqlite.js';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINE_VERSION, type Action, type GameState } from '../../src/engine/index.js';
import { verifyGame } from '../../src/store/recovery.js';
import { replay, type GameOrigin, type StoredAction } from '../../src/store/replay.js';
import { decodeSnapshot } from '../../src/store/snapshot.js';
import { GameStore } from '../../src/store/store.js';
import { upgradeSnapshot } from '../../src/store/upgrade.js';
import { manualClock, randomAction, rng, tempDir } from './helpers.js';

interface StoredGame {
  why: string;
  origin: GameOrigin;
  version: number;
  log: StoredAction[];
  snapshot: string;
}
const fixture = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures/engine-v1-games.json'), 'utf8')) as {
  engineVersion: number;
  games: StoredGame[];
};
const blob = (text: string) => Buffer.concat([Buffer.from([1]), Buffer.from(text, 'utf8')]);

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('games stored by engine version 1', () => {
  it('the fixture is in the old shape', async () => {
    expect(fixture.engineVersion).toBe(1);
    expect(ENGINE_VERSION).toBeGreaterThan(1);
    const text = fixture.games.map((g) => g.snapshot).join('\n');
    for (const old of ['"knows":', '"identityGone":true', '"redAtDeath":', '"sees":']) expect(text).toContain(old);
  });

  for (const g of fixture.games)
    it(`recover: ${g.why}`, async () => {
      const v = verifyGame(g.origin, g.version, blob(g.snapshot), g.log, fixture.engineVersion);
      expect(v).toMatchObject({ ok: true });
      // Without the upgrade the stored shape is another state.
      expect(verifyGame(g.origin, g.version, blob(g.snapshot), g.log, ENGINE_VERSION)).toMatchObject({ ok: false, reason: expect.stringMatching(/^stored differently/) });
      // Decoding the old snapshot gives the replayed state too.
      const state = (v as { state: GameState }).state;
      expect(decodeSnapshot(blob(g.snapshot), g.origin.setup)).toEqual(JSON.parse(JSON.stringify(state)));
    });

  it('the records moved where the characters keep them', async () => {
    const up = (why: RegExp) => upgradeSnapshot(JSON.parse(fixture.games.find((g) => why.test(g.why))!.snapshot) as GameState, 1);
    const seats = (s: GameState) => s.chars!.seats;
    const laoqiang = seats(up(/^老枪/)).find((x) => x.name === '老枪')!;
    expect(laoqiang.mark!.saw).toBeGreaterThan(0);
    expect(laoqiang.mark!.seenBy).toBeGreaterThan(0);
    expect(seats(up(/^临危受命/)).find((x) => x.name === '致命香水')!.mark!.took).toBeGreaterThan(0);
    expect(seats(up(/^老鬼/)).find((x) => x.name === '老鬼')!.mark!.redAtDeath).toBeTypeOf('number');
    const s = up(/^后着/);
    expect(s.pending).toMatchObject({ kind: 'decide', skill: '后着', stage: 'place', data: { from: expect.any(Number) } });
    for (const x of seats(s)) for (const k of ['knows', 'identityGone', 'redAtDeath']) expect(x).not.toHaveProperty(k);
    // Already in the new shape: nothing changes.
    expect(upgradeSnapshot(structuredClone(s), 1)).toEqual(s);
  });

  it('a store with such games recovers them at start-up and play goes on', async () => {
    const d = tempDir();
    dirs.push(d);
    const file = path.join(d, 'g.db');
    const clock = manualClock(fixture.games[0].origin.createdAt);
    const first = await GameStore.open({ path: file, clock });
    const ids: number[] = [];
    for (const [i, g] of fixture.games.entries()) {
      clock.set(g.origin.createdAt);
      const { setup } = g.origin;
      const created = await first.createGame({
        guildId: 'g',
        channelId: `c${i}`,
        seats: setup.players.map((name, k) => ({ userId: String(1000 + k), name })),
        seed: setup.seed,
        options: setup.options,
        decisionMs: g.origin.decisionMs,
        windowMs: g.origin.windowMs ?? undefined,
      });
      for (const row of g.log) {
        clock.set(row.at);
        const r = await first.submit(created.gameId, JSON.parse(row.action) as Action);
        if (!r.ok) throw new Error(r.reason);
      }
      ids.push(created.gameId);
    }
    await first.close();
    // As engine version 1 left them: its snapshot, its version.
    const raw = await GameStore.open({ path: file, clock });
    fixture.games.forEach((g, i) =>
      sqliteConnection(raw.backend).sqlite.prepare('UPDATE games SET snapshot = ?, snapshot_version = version, engine_version = 1 WHERE id = ?').run(blob(g.snapshot), ids[i]),
    );
    await raw.close();

    const again = await GameStore.open({ path: file, clock });
    expect(again.recovery.broken).toEqual([]);
    expect(again.recovery.recovered.map((r) => r.gameId).sort()).toEqual([...ids].sort());
    for (const [i, g] of fixture.games.entries()) {
      const r = replay(g.origin, g.log);
      expect(await again.state(ids[i])).toEqual(r.ok && r.state);
      const next = randomAction((await again.state(ids[i]))!, rng(i));
      expect(await again.submit(ids[i], next!)).toMatchObject({ ok: true });
    }
    await again.close();
  });
});
