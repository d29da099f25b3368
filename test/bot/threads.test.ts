// Each game in a thread of its own (issue 15: a server setting, or the host's option at /start): the
// lobby, the table, pings and notices live in the thread; the channel gets one line pointing to it.
import { describe, expect, it } from 'vitest';
import { gameOf, openBotTable, tableMessage, type BotTable } from './harness.js';
import { playToEnd } from './play.js';

/** The bot's messages a user sees in a channel, as text. */
function botLines(t: BotTable, channel = t.general): string[] {
  return t.discord.seenBy(t.users[0], { channel }).filter((m) => m.author.bot && !m.ephemeral).map((m) => m.content);
}

describe('games in threads', () => {
  it('with the server setting on, /start opens a thread; the game is played there to its end and the channel keeps one line', async () => {
    const t = await openBotTable(3);
    try {
      const [host, ...rest] = t.users;
      // A member without Manage Server cannot turn it on; the server's owner can.
      const denied = await t.discord.runCommand(rest[0], t.general, 'fengsheng settings', { thread: true }).response();
      expect(denied.content).toBe('You do not have permission to do that.'); // bob reads English
      const saved = await t.discord.runCommand(host, t.general, 'fengsheng settings', { thread: true }).response();
      expect(saved.content).toContain('每局一个子区');
      const parent = t.general;
      const pointer = await t.discord.runCommand(host, parent, 'fengsheng start', { characters: false }).response();
      const [thread] = t.discord.threadsOf(parent);
      expect(thread).toBeDefined();
      expect(thread.name).toBe('风声 · alice 的对局');
      expect(pointer.content).toBe(`<@${host.id}> 开了一局风声：到子区 <#${thread.id}> 里加入。`);
      // The lobby is in the thread; everyone joins and begins there.
      const lobby = t.discord.seenBy(rest[0], { channel: thread }).find((m) => m.embeds[0]?.title?.includes('大厅'))!;
      expect(lobby).toBeDefined();
      for (const u of rest) await t.discord.click(u, { label: '加入', messageId: lobby.id }).response();
      const begun = await t.discord.click(host, { label: '开始', messageId: lobby.id }).response();
      // The lobby's message has become the table.
      expect(begun.content).toMatch(/^等待/);
      await t.bot.idle();
      t.general = thread; // the harness's table helpers read the game's channel
      expect(tableMessage(t, host)!.buttons.map((b) => b.label)).toContain('我的信息');
      const gameId = await gameOf(t);
      // Commands typed in the thread find its game.
      const hand = await t.discord.runCommand(rest[1], thread, 'fengsheng hand').response();
      expect(hand.ephemeral).toBe(true);
      expect(hand.embeds.length + hand.content.length).toBeGreaterThan(0);
      await t.restart(); // the thread is the game's channel after a restart too
      const { leaks } = await playToEnd(t, 5);
      expect(leaks).toEqual([]);
      expect((await t.bot.store.state(gameId))!.result).toBeTruthy();
      // The finished table is in the thread, with no live buttons.
      expect(tableMessage(t, host)!.buttons.map((b) => b.label)).not.toContain('我的信息');
      // Nothing of the game reached the channel but the pointer: no table, no ping.
      expect(botLines(t, parent).filter((c) => !c.startsWith('已保存'))).toEqual([pointer.content]);
      expect(t.discord.seenBy(host, { channel: parent }).filter((m) => m.author.bot && m.embeds.length)).toEqual([]);
    } finally {
      await t.close();
    }
  }, 300_000);

  it('the host may ask for a thread at /start; one open lobby per host; a channel without the permission says so', async () => {
    const t = await openBotTable(3, {}, { guildLocale: 'en-US' });
    try {
      const [host, other] = t.users;
      const first = await t.discord.runCommand(host, t.general, 'fengsheng start', { thread: true, language: 'en' }).response();
      const [thread] = t.discord.threadsOf(t.general);
      expect(thread.name).toBe("The Message · alice's game");
      expect(first.content).toBe(`<@${host.id}> opened a game of The Message: join it in <#${thread.id}>.`);
      const again = await t.discord.runCommand(host, t.general, 'fengsheng start', { thread: true }).response();
      expect(again.ephemeral).toBe(true);
      expect(again.content).toBe(`你已经开了一个大厅：<#${thread.id}>。先开始或中止它，再开新的一局。`);
      expect(t.discord.threadsOf(t.general)).toHaveLength(1);
      // Without the option (and the setting off) a /start in the channel opens a lobby in the channel itself.
      const plain = await t.discord.runCommand(other, t.general, 'fengsheng start', {}).response();
      expect(plain.embeds[0].title).toMatch(/Lobby|大厅/);
      const closed = t.discord.createChannel(t.guild, 'no-threads');
      t.discord.denyThreads(closed);
      const failed = await t.discord.runCommand(t.users[2], closed, 'fengsheng start', { thread: true }).response();
      expect(failed.content).toContain('创建公开子区');
      expect(t.discord.threadsOf(closed)).toEqual([]);
      // The failed start left no lobby behind: the channel is still free.
      const retry = await t.discord.runCommand(t.users[2], closed, 'fengsheng start', {}).response();
      expect(retry.embeds[0].title).toMatch(/Lobby|大厅/);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('ten /start thread:true at once by one host open one thread and one lobby; the others are told to wait', async () => {
    const t = await openBotTable(2);
    try {
      const [host] = t.users;
      const starts = Array.from({ length: 10 }, () => t.discord.runCommand(host, t.general, 'fengsheng start', { thread: true, characters: false }));
      const answers = await Promise.all(starts.map((s) => s.response()));
      await t.bot.idle();
      expect(t.discord.threadsOf(t.general)).toHaveLength(1);
      const [thread] = t.discord.threadsOf(t.general);
      expect(answers.filter((a) => !a.ephemeral).map((a) => a.content)).toEqual([`<@${host.id}> 开了一局风声：到子区 <#${thread.id}> 里加入。`]);
      for (const a of answers.filter((a) => a.ephemeral)) expect(a.content).toMatch(/^(正在为你的大厅开一个讨论串，请稍候。|你已经开了一个大厅：<#\d+>。先开始或中止它，再开新的一局。)$/);
      expect(t.discord.seenBy(host, { channel: thread }).filter((m) => m.embeds[0]?.title?.includes('大厅'))).toHaveLength(1);
    } finally {
      await t.close();
    }
  }, 60_000);
});
