// Panels across restarts (issue 36 §2): what edits an open 我的信息 panel is stored with its seat, so
// a panel opened before a restart keeps updating after it; a little before Discord's 15 minutes run
// out, the panel says it stops updating and offers 我的信息, which opens a new one.
import { describe, expect, it } from 'vitest';
import { waitingOn } from '../../src/engine/index.js';
import { seedRng } from '../../src/engine/rng.js';
import { advanceTo, gameOf, openBotTable, tableMessage } from './harness.js';
import { actOnPanel, openPanel } from './play.js';

describe('a panel across a restart', () => {
  it('keeps updating after the restart, then closes itself with 我的信息 before its token runs out', async () => {
    const t = await openBotTable(3);
    try {
      const [host, ...others] = t.users;
      const lobby = await t.discord.runCommand(host, t.general, 'fengsheng start', { characters: false, timer: 3600 }).response();
      for (const u of others) await t.discord.click(u, { label: '加入', messageId: lobby.id }).response();
      await t.discord.click(host, { label: '开始', messageId: lobby.id }).response();
      await t.bot.idle();
      const gameId = await gameOf(t);
      const state = () => t.bot.store.liveState(gameId)!;
      // Someone not deciding now opens their panel, then the bot restarts.
      const watcher = t.users.find((_, seat) => !waitingOn(state()).includes(seat))!;
      const panel = await openPanel(t, watcher, tableMessage(t, watcher)!);
      const seen = () => t.discord.seenBy(watcher).find((m) => m.id === panel.id)!;
      await t.restart();
      await t.bot.idle();
      const before = seen();
      // The game moves on (moves of the deciding players): the old panel follows.
      const version = state().version;
      const rng = seedRng(7);
      for (let k = 0; k < 30 && state().version === version; k++) {
        const decider = t.users[waitingOn(state())[0]];
        if (decider === watcher) break;
        await actOnPanel(t, decider, await openPanel(t, decider, tableMessage(t, decider)!), rng);
        await t.bot.idle();
      }
      expect(state().version).toBeGreaterThan(version);
      expect(seen().revision).toBeGreaterThan(before.revision);
      expect(seen().embeds[0].description).not.toBe(before.embeds[0].description);

      // 14.5 minutes after it was opened: it says it stops updating, with 我的信息 to open a new one.
      await advanceTo(t, t.clock.now() + 14.5 * 60_000);
      const closed = seen();
      expect(closed.embeds[0].description).toMatch(/^(这个面板不再自动更新了|This panel no longer updates)/);
      expect(closed.buttons.map((b) => b.customId)).toEqual([`fs:${gameId}:0:info`]);
      // Nothing of it is stored any more; 我的信息 opens a new panel in its place.
      const seat = t.users.indexOf(watcher);
      expect((await t.bot.store.repos.prefs.panels(gameId))[seat]).toBeNull();
      const fresh = await t.discord.click(watcher, { customId: closed.buttons[0].customId!, messageId: closed.id }).response();
      expect(fresh.embeds[0].title).toContain(watcher.username);
      await t.bot.idle();
      // The new panel is the one stored now.
      expect((await t.bot.store.repos.prefs.panels(gameId))[seat]).toMatchObject({ message: '@original', since: t.clock.now() });
    } finally {
      await t.close();
    }
  }, 120_000);
});
