// A game whose channel or thread is deleted (docs/operations.md): Discord tells the bot (CHANNEL_DELETE,
// THREAD_DELETE), or answers Unknown Channel when the bot next sends there. The game stops as
// aborted: no timer or bot seat plays it on, nothing counts in /stats, each player is told by DM once.
import { afterEach, describe, expect, it } from 'vitest';
import type { UserRecord } from '../support/discord/index.js';
import { advanceTo, gameOf, openBotTable, type BotTable } from './harness.js';
import { openLobbyAndBegin } from './lobby.js';

let t: BotTable | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const dmsOf = (t: BotTable, u: UserRecord) => t.discord.seenBy(u).filter((m) => m.where === 'DM');

/** Runs the game's clock far on: every deadline that could time out does. */
async function timePasses(t: BotTable): Promise<void> {
  for (let k = 0; k < 20; k++) {
    const next = t.clock.nextAlarm();
    if (next === null) return;
    await advanceTo(t, next);
  }
}

describe("a game's channel deleted", () => {
  it('stops the game: no more moves, each player told by DM once, nothing in /stats', async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t);
    const gameId = await gameOf(t);
    const version = t.bot.store.liveState(gameId)!.version;
    const versionNow = async () => (await t!.bot.store.state(gameId))!.version;
    const before = t.users.map((u) => dmsOf(t!, u).length);
    t.discord.deleteChannel(t.general);
    // The event reaches the bot through the gateway; its DMs are what the world sees of it.
    await t.discord.waitFor(() => t!.users.every((u, k) => dmsOf(t!, u).length > before[k]));
    await t.bot.idle();
    expect(t.bot.store.known(gameId)?.status).toBe('aborted');
    t.users.forEach((u, k) => {
      const fresh = dmsOf(t!, u).slice(before[k]);
      expect(fresh.map((m) => m.content), u.username).toHaveLength(1);
      expect(fresh[0].content).toMatch(/频道已被删除|channel of your game/);
    });
    // Deadlines come and go: nothing is committed any more, nobody is DMed again.
    await timePasses(t);
    expect(await versionNow()).toBe(version);
    t.users.forEach((u, k) => expect(dmsOf(t!, u).length).toBe(before[k] + 1));
    const stats = await t.discord.runCommand(t.users[0], t.discord.createChannel(t.guild, 'elsewhere'), 'fengsheng stats').response();
    expect(stats.embeds[0].description).toBe('还没有战绩。');
  }, 60_000);

  it('found deleted when the bot next sends there (no event heard): the game stops the same way', async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t);
    const gameId = await gameOf(t);
    // The bot misses the event (it was offline, say): the channel is gone when its next ping or table edit goes out.
    const general = t.general;
    t.discord.world.channels.delete(general.id);
    await timePasses(t);
    await t.bot.idle();
    expect(t.bot.store.known(gameId)?.status).toBe('aborted');
    for (const u of t.users) expect(dmsOf(t, u).some((m) => /频道已被删除|channel of your game/.test(m.content)), u.username).toBe(true);
  }, 60_000);

  it("a lobby's thread deleted closes the lobby: its host may open another", async () => {
    t = await openBotTable(3);
    const [host] = t.users;
    await t.discord.runCommand(host, t.general, 'fengsheng start', { characters: false, thread: true }).response();
    const [thread] = t.discord.threadsOf(t.general);
    expect(thread).toBeDefined();
    // The bot's own listener hears the event first (it was added first); then idle() waits for its work.
    const heard = new Promise((resolve) => t!.bot.client.once('threadDelete', resolve));
    t.discord.deleteChannel(thread);
    await heard;
    await t.bot.idle();
    const again = await t.discord.runCommand(host, t.general, 'fengsheng start', { characters: false, thread: true }).response();
    expect(again.content).toContain('开了一局风声');
    expect(t.discord.threadsOf(t.general)).toHaveLength(1);
  }, 60_000);
});
