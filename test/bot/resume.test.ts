// A restart (commits.ts resumeGames): each live game's stored log is read once, and from that one read
// the bot keeps each seat's secrets (我的信息) and writes the table's recent lines again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitingOn } from '../../src/engine/index.js';
import { seedRng } from '../../src/engine/rng.js';
import { GameStore } from '../../src/store/index.js';
import { gameOf, openBotTable, tableMessage } from './harness.js';
import { openLobbyAndBegin } from './lobby.js';
import { actOnPanel, openPanel } from './play.js';

describe('a restart', () => {
  it("reads each live game's log once, and keeps its secrets and its table's recent lines", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fengsheng-resume-'));
    /** Reads of each game's stored log, by the store the bot opened last. */
    let reads = new Map<number, number>();
    const t = await openBotTable(3, {}, {
      openStore: async (o) => {
        const store = await GameStore.open({ path: join(dir, 'game.db'), ...o });
        const games = store.repos.games;
        const log = games.log.bind(games);
        reads = new Map();
        games.log = (id: number) => (reads.set(id, (reads.get(id) ?? 0) + 1), log(id));
        return store;
      },
    });
    try {
      const host = t.users[0];
      await openLobbyAndBegin(t, 3, { characters: false, timer: 3600 });
      const gameId = await gameOf(t);
      const state = () => t.bot.store.liveState(gameId)!;
      const rng = seedRng(3);
      for (let k = 0; k < 6; k++) {
        const decider = t.users[waitingOn(state())[0]];
        await actOnPanel(t, decider, await openPanel(t, decider, tableMessage(t, decider)!), rng);
        await t.bot.idle();
      }
      const recent = (u = host) => tableMessage(t, u)!.embeds[0].fields?.find((f) => /最近|Recent/.test(f.name))?.value;
      const before = recent();
      expect(before).toBeTruthy();

      await t.restart();
      await t.bot.idle();
      expect(reads.get(gameId)).toBe(1);
      // The table drawn again after the restart shows the same recent lines.
      expect(recent()).toBe(before);
      // Each seat's panel still says what only it was shown: its identity.
      for (const u of t.users) {
        const panel = await openPanel(t, u, tableMessage(t, u)!);
        expect(JSON.stringify(panel.embeds)).toMatch(/你的身份是|Your identity is/);
      }
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
