// What players read (issue: every message says what it means), through the real client and the
// stand-in, in both languages: whose language each message is in, and how a game ends.
import { TABLE_IMAGE } from '../../src/discord/outbound/publisher.js';
import { afterEach, describe, expect, it } from 'vitest';
import { allText, gameOf, openBotTable, tableMessage, type BotTable } from './harness.js';
import { openLobbyAndBegin } from './lobby.js';
import { lastPanel, openPanel, playToEnd } from './play.js';
import { stepPeople } from './people.js';
import { decider } from '../../src/engine/index.js';

let t: BotTable | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const dmsOf = (t: BotTable, i: number) => t.discord.seenBy(t.users[i]).filter((m) => m.where === 'DM').map((m) => m.content).join('\n');
/** The words of the newest panel (我的信息) the i-th user has. */
const panelOf = (t: BotTable, i: number) => {
  const panel = lastPanel(t, t.users[i]);
  return panel ? allText(panel) : '';
};

describe('the language of each message', () => {
  it("on a server with no language setting the table reads its host's Discord language (English, else Chinese); DMs follow each player", async () => {
    // alice (zh-CN) hosts, bob (en-US) joins, on a server whose Discord language is en-US.
    t = await openBotTable(3, {}, { guildLocale: 'en-US' });
    await openLobbyAndBegin(t, 3, { characters: false });
    expect(tableMessage(t, t.users[1])!.embeds[0].title).toMatch(/^风声 · 第1轮/);
    expect(dmsOf(t, 0)).toContain('你的身份是');
    expect(dmsOf(t, 1)).toContain('Your identity is');
    expect(dmsOf(t, 1)).not.toContain('你的身份是');
    await t.close();
    // bob (en-US) hosts on the same kind of server: lobby and table in English.
    t = await openBotTable(3, {}, { guildLocale: 'en-US' });
    const [alice, bob, carol] = t.users;
    const lobby = await t.discord.runCommand(bob, t.general, 'fengsheng start', { characters: false }).response();
    expect(lobby.embeds[0].title).toBe('风声 · Lobby');
    for (const u of [alice, carol]) await t.discord.click(u, { label: 'Join', messageId: lobby.id }).response();
    await t.discord.click(bob, { label: 'Begin', messageId: lobby.id }).response();
    await t.bot.idle();
    expect(tableMessage(t, alice)!.embeds[0].title).toMatch(/^风声 · Round 1/);
    expect(dmsOf(t, 0)).toContain('你的身份是');
  }, 60_000);

  it('the host may choose English for the table; a server setting fixes every language', async () => {
    t = await openBotTable(3);
    const lobby = await t.discord.runCommand(t.users[0], t.general, 'fengsheng start', { characters: false, language: 'en' }).response();
    expect(lobby.embeds[0].title).toBe('风声 · Lobby');
    for (const u of t.users.slice(1, 3)) await t.discord.click(u, { label: 'Join', messageId: lobby.id }).response();
    await t.discord.click(t.users[0], { label: 'Begin', messageId: lobby.id }).response();
    await t.bot.idle();
    expect(tableMessage(t, t.users[0])!.embeds[0].title).toMatch(/^风声 · Round 1/);
    // Each player's DMs still follow their own language.
    expect(dmsOf(t, 0)).toContain('你的身份是');
    expect(dmsOf(t, 1)).toContain('Your identity is');
    await t.close();

    t = await openBotTable(3);
    await t.bot.store.updateGuildSettings(t.guild.id, { language: 'en' });
    await t.discord.runCommand(t.users[0], t.general, 'fengsheng start', { characters: false }).response().then(async (l) => {
      expect(l.embeds[0].title).toBe('风声 · Lobby');
      for (const u of t!.users.slice(1, 3)) await t!.discord.click(u, { label: 'Join', messageId: l.id }).response();
      await t!.discord.click(t!.users[0], { label: 'Begin', messageId: l.id }).response();
    });
    await t.bot.idle();
    expect(dmsOf(t, 0)).toContain('Your identity is');
    expect(dmsOf(t, 0)).not.toContain('你的身份是');
  }, 90_000);

  it('the options of 开局 and 设置 have Chinese names, and no Chinese line names an English command', async () => {
    t = await openBotTable(1);
    const cmd = t.discord.commands(t.guild)[0] as { options: { name: string; options?: { name: string; name_localizations?: Record<string, string> }[] }[] };
    for (const sub of ['start', 'settings']) {
      const options = cmd.options.find((o) => o.name === sub)!.options!;
      for (const o of options) expect(o.name_localizations?.['zh-CN'], `${sub} ${o.name}`).toMatch(/^[\p{sc=Han}]+$/u);
    }
    const none = await t.discord.runCommand(t.users[0], t.general, 'fengsheng hand').response();
    expect(none.content).toContain('/风声 开局');
  }, 60_000);
});

describe('the end of a game', () => {
  it('a finished game: one closed table (its one button the replay) with winners, how, every identity and character, rounds; each player told privately how they did', async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t, 3, { characters: true });
    await playToEnd(t, 77);
    const table = tableMessage(t, t.users[0])!;
    const text = allText(table);
    expect(table.embeds[0].title).toBe('风声 · 游戏结束');
    expect(table.buttons.map((b) => b.label)).toEqual(['回放', '再来一局']);
    expect(text).not.toMatch(/等待结算|🔒|🐯|▶|截止/);
    expect(text).toMatch(/胜者：|平局：/);
    const state = (await t.bot.store.state(await gameOf(t)))!;
    if (!state.result!.draw) expect(text).toMatch(/方式：/);
    for (const p of state.players) expect(text).toContain(`${p.name}：`);
    for (const c of state.chars!.seats) expect(text).toContain(c.name!);
    expect(text).toMatch(/共\d+轮/);
    // alice reads Chinese, bob English: each got their result, by DM or (looking at it) in their panel.
    expect(`${dmsOf(t, 0)}\n${panelOf(t, 0)}`).toMatch(/本局结束：你(赢了|输了)|本局结束：平局/);
    expect(`${dmsOf(t, 1)}\n${panelOf(t, 1)}`).toMatch(/The game is over: (you won|you lost|a draw)/);
  }, 180_000);

  it('a game that reaches its round limit says how many rounds were played', async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t, 3, { characters: false, rounds: 1 });
    await playToEnd(t, 5);
    const text = allText(tableMessage(t, t.users[0])!);
    const state = (await t.bot.store.state(await gameOf(t)))!;
    expect(state.result!.reason).toBe('roundLimit');
    expect(text).toContain('共1轮');
  }, 120_000);

  it('/fengsheng abort closes the table (only its replay button, no deadline, its picture as it stood) and says in the channel who stopped it, pinging nobody', async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t, 3, { characters: false });
    const before = t.users.map((u) => t!.discord.notificationsFor(u).length);
    const reply = await t.discord.runCommand(t.users[0], t.general, 'fengsheng abort').response();
    expect(reply.ephemeral).toBe(true);
    await t.bot.idle();
    const table = tableMessage(t, t.users[1])!;
    expect(table.embeds[0].title).toBe('风声 · 游戏已中止');
    expect(table.buttons.map((b) => b.label)).toEqual(['回放', '再来一局']);
    expect(table.content).toBe('');
    // The picture is drawn again as the game stood, stopped: nothing in motion (whose turn, intel on its way).
    expect(table.attachments.map((a) => a.filename)).toEqual([TABLE_IMAGE]);
    const alt = table.attachments[0].description!;
    expect(alt.startsWith('风声 · 游戏已中止')).toBe(true);
    expect(alt).not.toMatch(/等待|传递中|响应/);
    const notice = t.discord.seenBy(t.users[1], { channel: t.general }).filter((m) => m.content.includes('中止')).at(-1)!;
    expect(notice.content).toContain(`<@${t.users[0].id}>`);
    expect(t.users.map((u) => t!.discord.notificationsFor(u).length)).toEqual(before);
  }, 60_000);
});

describe('commands', () => {
  it('table, stats, history and rules answer privately without a game; history says where, who and how long', async () => {
    t = await openBotTable(3);
    for (const sub of ['table', 'stats', 'history', 'rules']) {
      const r = await t.discord.runCommand(t.users[1], t.general, `fengsheng ${sub}`).response();
      expect(r.ephemeral, sub).toBe(true);
    }
    await openLobbyAndBegin(t, 3, { characters: false, rounds: 1 });
    await playToEnd(t, 5);
    const zh = await t.discord.runCommand(t.users[0], t.general, 'fengsheng history').response();
    expect(zh.ephemeral).toBe(true);
    const line = zh.embeds[0].description!;
    expect(line).toContain(`<#${t.general.id}>`);
    for (const u of ['alice', 'bob', 'carol']) expect(line).toContain(u);
    expect(line).toMatch(/3人，\d+分钟/);
    expect(line).toMatch(/第\d+局 · /);
    const en = await t.discord.runCommand(t.users[1], t.general, 'fengsheng history').response();
    expect(en.embeds[0].description).toMatch(/\(3 players, \d+ min\)/);
    const stats = await t.discord.runCommand(t.users[1], t.general, 'fengsheng stats').response();
    expect(stats.embeds[0].description).not.toMatch(/\b1 wins\b/);
    expect(stats.embeds[0].description).toMatch(/won \d+ of \d+/);
  }, 120_000);
});

describe('the log', () => {
  it('says every intel gained, whose card a 识破 undid; its whole length is one private click away for anyone in the channel', async () => {
    const { eventLine, newLogMemory } = await import('../../src/discord/render/words.js');
    const { buildDeck } = await import('../../src/engine/index.js');
    const cards = buildDeck('standard');
    const names = ['A', 'B', 'C'];
    const memo = newLogMemory();
    const lines = (evs: Parameters<typeof eventLine>[1][]) => evs.map((e) => eventLine('zh-CN', e, names, cards, memo)).filter((x) => x !== null);
    // Taken intel has one line; intel gained otherwise (真伪莫辨, a skill) has its own.
    expect(lines([{ to: 'all', type: 'take', seat: 1, card: 5, forced: false }, { to: 'all', type: 'intel', seat: 1, card: 5 }])).toHaveLength(1);
    expect(lines([{ to: 'all', type: 'intel', seat: 2, card: 6 }])[0]).toContain('C面前多了一张情报');
    // Two 锁定 on the stack: the line says whose was negated.
    const lock = cards.findIndex((c) => c.name === '锁定');
    lines([{ to: 'all', type: 'play', seat: 1, as: '锁定', card: lock, target: 2 }]);
    expect(lines([{ to: 'all', type: 'negate', seat: 2, card: lock, as: '锁定' }])[0]).toBe('C的识破生效：B的锁定无效。');

    t = await openBotTable(3);
    const stranger = t.discord.createUser({ username: 'mallory', locale: 'zh-CN' });
    t.discord.addMember(t.guild, stranger);
    await openLobbyAndBegin(t, 3, { characters: true });
    await playToEnd(t, 12);
    const table = tableMessage(t, stranger)!;
    const logButton = table.buttons.find((b) => b.customId?.endsWith(':log'));
    // A finished table has no buttons; the log stays reachable by command.
    expect(logButton).toBeUndefined();
    const log = await t.discord.runCommand(stranger, t.general, 'fengsheng log').response();
    expect(log.ephemeral).toBe(true);
    expect(log.embeds[0].description!.split('\n').length).toBeGreaterThan(10);
    expect(log.embeds[0].description).toMatch(/游戏开始|获得|情报/);
  }, 180_000);

  it('a live game keeps only its last lines in memory; its 日志 reads the whole log from the store, as the table wrote it', async () => {
    const { KEPT_LINES } = await import('../../src/discord/outbound/publisher.js');
    const { logLines } = await import('../../src/discord/render/words.js');
    t = await openBotTable(3);
    const [alice] = t.users;
    await openLobbyAndBegin(t, 3, { characters: false });
    const gameId = await gameOf(t);
    // Played on until the log is longer than what is kept (the game still on: its table has a 日志 button).
    await playToEnd(t, 5, { maxSteps: 35 });
    await t.bot.idle();
    const state = t.bot.store.liveState(gameId)!;
    expect(state.result).toBeNull();
    const { events } = await t.bot.sessions.events.all(gameId);
    const whole = logLines('zh-CN', events, state.players.map((p) => p.name), state.cards);
    expect(whole.length).toBeGreaterThan(KEPT_LINES);
    // Kept: the end of the log only, as written commit by commit.
    expect(t.bot.publisher.recentLog(gameId)).toEqual(whole.slice(-KEPT_LINES));
    // The 日志: every line (within the embed's 4,000 characters), the newest last.
    const table = tableMessage(t, alice)!;
    const log = await t.discord.click(alice, { label: '日志', messageId: table.id }).response();
    const shown = log.embeds[0].description!.split('\n');
    expect(shown.length).toBeGreaterThan(KEPT_LINES);
    expect(shown).toEqual(whole.slice(-shown.length));
  }, 120_000);

  it('the table has a 日志 button while the game runs', async () => {
    t = await openBotTable(3);
    const stranger = t.discord.createUser({ username: 'mallory', locale: 'en-US' });
    t.discord.addMember(t.guild, stranger);
    await openLobbyAndBegin(t, 3, { characters: false });
    await playToEnd(t, 3, { maxSteps: 10 });
    const table = tableMessage(t, stranger)!;
    const b = table.buttons.find((x) => x.customId?.endsWith(':log'))!;
    const r = await t.discord.click(stranger, { customId: b.customId!, messageId: table.id }).response();
    expect(r.ephemeral).toBe(true);
    expect(r.embeds[0].title).toMatch(/log/);
  }, 60_000);
});

describe('choosing a character', () => {
  it('the offer says how each character starts and its gender; the other one leaves the panel once chosen; the table and the first DM say what comes next', async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t, 3, { characters: true });
    const [alice, bob] = t.users;
    // The lobby's message became the table: it says everyone chooses a character now.
    expect(tableMessage(t, alice)!.content).toContain('选择角色');
    expect(dmsOf(t, 0)).toContain(`https://discord.com/channels/${t.guild.id}/${t.general.id}`);
    expect(dmsOf(t, 0)).toContain('先选角色');
    expect(dmsOf(t, 1)).toContain('First choose a character');
    const panel = await openPanel(t, alice, tableMessage(t, alice)!);
    const text = panel.embeds[0].description!;
    expect(text).toMatch(/可选角色：\S+（(潜伏角色，开局盖伏|开局翻开)·(男性|女性|既是男性也是女性)）/);
    const enPanel = await openPanel(t, bob, tableMessage(t, bob)!);
    expect(enPanel.embeds[0].description).toMatch(/Offered: \S+ \((hidden, starts face down|starts face up) · (male|female|both male and female)\)/);
    const gameId = await gameOf(t);
    const offers = (await t.bot.store.state(gameId))!.chars!.seats[0].offers;
    const pick = panel.buttons.find((b) => b.customId?.includes(':act:'))!;
    const after = await t.discord.click(alice, { customId: pick.customId!, messageId: panel.id }).response();
    const chosen = (await t.bot.store.state(gameId))!.chars!.seats[0].name!;
    const other = offers.find((o) => o !== chosen)!;
    await t.bot.idle();
    const now = t.discord.seenBy(alice).find((m) => m.id === after.id)!;
    expect(now.embeds[0].description).toContain(chosen);
    expect(now.embeds[0].description).not.toContain(other);
  }, 60_000);
});

describe('/fengsheng rules', () => {
  it('is private and paged: a turn with its buttons, the cards, the identities per table size, the characters, the 摩尔密码表', async () => {
    const { rulesPages } = await import('../../src/discord/render/rules.js');
    for (const l of ['zh-CN', 'en'] as const) {
      const pages = rulesPages(l);
      for (const p of pages) expect([...p.text].length, p.title).toBeLessThanOrEqual(4096);
      const all = pages.map((p) => p.text).join('\n');
      for (const c of ['锁定', '调虎离山', '截获', '退回', '破译', '烧毁', '识破', '试探', '真伪莫辨']) expect(all).toContain(c);
      for (const name of ['老鬼', '刀锋', '小白']) expect(all).toContain(name);
      expect(all).toContain('— — —..');
    }
    t = await openBotTable(1);
    const first = await t.discord.runCommand(t.users[0], t.general, 'fengsheng rules').response();
    expect(first.ephemeral).toBe(true);
    expect(first.embeds[0].description).toContain('我的信息');
    expect(first.embeds[0].description).toContain('本回合不再响应');
    let page = first;
    const titles = [page.embeds[0].title];
    for (let k = 0; k < 10; k++) {
      const next = page.buttons.find((b) => b.label === '▶' && !b.disabled);
      if (!next) break;
      page = await t.discord.click(t.users[0], { customId: next.customId!, messageId: page.id }).response();
      titles.push(page.embeds[0].title);
    }
    expect(titles.at(-1)).toContain('摩尔密码表');
    expect(page.embeds[0].description).toContain('I LOVE YOU');
    expect(new Set(titles).size).toBe(titles.length);
  }, 60_000);
});

describe('one’s own 出牌阶段', () => {
  it('the panel says 「过」 ends it and when its timer runs out, not that a response clock closes it', async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t, 3, { characters: false });
    const gameId = await gameOf(t);
    const seats = await t.bot.store.seats(gameId);
    // Play on until someone's own 出牌阶段 waits on them (one with nothing to play is passed for them).
    for (let k = 0; k < 200; k++) {
      const state = (await t.bot.store.state(gameId))!;
      if (state.result) break;
      const own = decider(state);
      if (own !== null && state.pending!.kind === 'window') {
        const owner = t.users.find((u) => u.id === seats[own].userId)!;
        const text = (await openPanel(t, owner, tableMessage(t, owner)!)).embeds[0].description!;
        expect(text).toMatch(/你的出牌阶段|your play phase/);
        expect(text).toMatch(/按「过」结束|press "Pass" to end it/);
        expect(text).toContain(`<t:${Math.floor(state.pending!.deadline! / 1000)}:R>`);
        expect(text).not.toMatch(/响应时间到了|response clock runs out/);
        // What the deal told them is in 你知道的 once (the new game's log was once noted twice).
        expect(text.match(/你的身份是|Your identity is/g)).toHaveLength(1);
        // Every card in the hand and in the menus says what it does.
        const panel = t.discord.seenBy(owner).filter((m) => m.ephemeral).at(-1)!;
        const hand = text.split('\n\n')[1].split('\n').filter((line) => line.startsWith('· '));
        expect(hand.length).toBeGreaterThan(0);
        for (const line of hand) expect(line, line).toMatch(/[）)][：:] ?\S/);
        for (const menu of panel.selects) for (const o of menu.options) expect(o.description, o.label).toBeTruthy();
        return;
      }
      await stepPeople(t, 'idle');
    }
    throw new Error('no 出牌阶段 waited on a person');
  }, 120_000);
});
