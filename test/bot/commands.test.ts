// The informational subcommands, and the table re-posted at the bottom when asked.
import { sqliteConnection } from '../../src/store/sqlite.js';
import { describe, expect, it } from 'vitest';
import { registerCommands } from '../../src/discord/register.js';
import { openBotTable, tableMessage, useBotTable } from './harness.js';
import { openLobbyAndBegin } from './lobby.js';
import { playToEnd } from './play.js';

describe('/fengsheng subcommands', () => {
  const botTable = useBotTable(3);

  it('registers one localized command with its subcommands', () => {
    const t = botTable();
    const cmds = t.discord.commands(t.guild) as { name: string; name_localizations?: Record<string, string>; options?: { name: string }[] }[];
    expect(cmds.map((c) => c.name)).toEqual(['fengsheng']);
    expect(cmds[0].name_localizations?.['zh-CN']).toBe('风声');
    expect(cmds[0].options!.map((o) => o.name)).toEqual(['start', 'join', 'leave', 'begin', 'hand', 'table', 'log', 'rules', 'abort', 'settings', 'stats', 'history', 'replay']);
  });

  it('rules answers in the player’s language; a second start in the channel is refused', async () => {
    const t = botTable();
    const zh = await t.discord.runCommand(t.users[0], t.general, 'fengsheng rules').response();
    expect(zh.embeds[0].title).toContain('简要规则');
    expect(zh.embeds[0].description).toContain('我的信息');
    const en = await t.discord.runCommand(t.users[1], t.general, 'fengsheng rules').response();
    expect(en.embeds[0].title).toContain('The rules in short');
    await openLobbyAndBegin(t);
    const again = await t.discord.runCommand(t.users[1], t.general, 'fengsheng start').response();
    expect(again.ephemeral).toBe(true);
    expect(again.content).toMatch(/already has a game|已经有一局/);
  }, 60_000);

  it('hand shows only my own panel; table posts the table anew and retires the old one', async () => {
    const t = botTable();
    const mine = await t.discord.runCommand(t.users[2], t.general, 'fengsheng hand').response();
    expect(mine.ephemeral).toBe(true);
    expect(mine.embeds[0].title).toContain(t.users[2].username);
    const old = tableMessage(t, t.users[0])!;
    await t.discord.runCommand(t.users[0], t.general, 'fengsheng table').settled();
    await t.bot.idle();
    const now = tableMessage(t, t.users[0])!;
    expect(now.id).not.toBe(old.id);
    const retired = t.discord.seenBy(t.users[0], { channel: t.general }).find((m) => m.id === old.id)!;
    expect(retired.buttons).toHaveLength(0);
  }, 60_000);

  it('when people have written 15 messages under the table, it is posted anew at the bottom', async () => {
    const t = botTable();
    const me = t.users[0];
    const old = tableMessage(t, me)!;
    const under = () => {
      const all = t.discord.seenBy(me, { channel: t.general }).filter((m) => !m.ephemeral);
      return all.slice(all.findIndex((m) => m.id === old.id) + 1);
    };
    // Whatever the bot itself posted under the table counts too.
    const already = under().length;
    expect(already).toBeLessThan(14);
    const chat = (n: number) => Array.from({ length: n }, (_, k) => t.discord.say(t.users[k % t.users.length], t.general, `chatter ${k}`));
    const said = chat(14 - already);
    // The gateway delivers in order: once the bot answers a later command, it has seen the chatter.
    const seen = async () => {
      await t.discord.runCommand(me, t.general, 'fengsheng rules').response();
      await t.bot.idle();
    };
    await seen();
    expect(tableMessage(t, me)!.id).toBe(old.id);
    expect(under()).toHaveLength(14);
    // Two of them deleted no longer bury it: two more are written under it, and it stays.
    for (const m of said.slice(0, 2)) t.discord.unsay(m);
    chat(2);
    await seen();
    expect(tableMessage(t, me)!.id).toBe(old.id);
    chat(1);
    const reposted = await t.discord.waitFor(() => (tableMessage(t, me)!.id !== old.id ? tableMessage(t, me) : undefined));
    expect(t.discord.seenBy(me, { channel: t.general }).at(-1)!.id).toBe(reposted!.id);
    expect(under().filter((m) => !m.author.bot).length).toBe(15 - already);
  }, 60_000);

  it('settings need Manage Server to change; stats and history after a finished game', async () => {
    const t = botTable();
    const denied = await t.discord.runCommand(t.users[1], t.general, 'fengsheng settings', { timer: 45 }).response();
    expect(denied.content).toMatch(/permission|权限/);
    const shown = await t.discord.runCommand(t.users[0], t.general, 'fengsheng settings').response();
    expect(shown.content).toMatch(/60/);
    await playToEnd(t, 99);
    const stats = await t.discord.runCommand(t.users[0], t.general, 'fengsheng stats').response();
    expect(stats.embeds[0].description).toMatch(/对局 1|Games 1/);
    const history = await t.discord.runCommand(t.users[0], t.general, 'fengsheng history').response();
    expect(history.embeds[0].description).toMatch(/3人|3 players/);

    // In another server the same players share, their record here is not told; one's own record
    // across servers is told to oneself alone.
    const [alice, , carol] = t.users;
    const other = t.discord.createGuild({ name: '别处', members: t.users, locale: 'zh-CN' });
    const env = t.discord.env();
    await registerCommands({ token: env.DISCORD_TOKEN, applicationId: env.DISCORD_APPLICATION_ID, guildId: other.id, apiBase: env.DISCORD_API_BASE });
    await t.bot.idle();
    const elsewhere = t.discord.channel(other, 'general');
    const ofAlice = await t.discord.runCommand(carol, elsewhere, 'fengsheng stats', { user: alice.id }).response();
    expect(ofAlice.embeds[0].description).toBe('还没有战绩。');
    const mine = await t.discord.runCommand(alice, elsewhere, 'fengsheng stats').response();
    expect(mine.embeds[0].description).toMatch(/^还没有战绩。\n所有服务器（只有你看得到）：对局 1 · /);
    const here = await t.discord.runCommand(carol, t.general, 'fengsheng stats', { user: alice.id }).response();
    expect(here.embeds[0].description).toMatch(/^本服务器：对局 1 · 胜 [01]/);
  }, 300_000);
});

describe('one game per channel', () => {
  it('two /fengsheng start at the same moment open one lobby; the other is told the channel is taken', async () => {
    const t = await openBotTable(2);
    try {
      const a = t.discord.runCommand(t.users[0], t.general, 'fengsheng start', {});
      const b = t.discord.runCommand(t.users[1], t.general, 'fengsheng start', {});
      const [ra, rb] = await Promise.all([a.response(), b.response()]);
      const lobbies = sqliteConnection(t.bot.store.backend).sqlite.prepare('select count(*) as n from lobbies where game_id is null').get() as { n: number };
      expect(lobbies.n).toBe(1);
      const texts = [ra, rb].map((r) => (r.ephemeral ? r.content : r.embeds[0]?.title ?? ''));
      expect(texts.filter((x) => /大厅|Lobby/.test(x))).toHaveLength(1);
      expect([ra, rb].filter((r) => r.ephemeral && /已经|already/.test(r.content))).toHaveLength(1);
    } finally {
      await t.close();
    }
  }, 60_000);
});
