// The bot's edges, through the real client and the stand-in: a restart mid-game, closed DMs,
// a double click, a stale button, a stranger's click, Discord's 429.
import { encodeId } from '../../src/discord/custom-id.js';
import { afterEach, describe, expect, it } from 'vitest';
import { waitingOn } from '../../src/engine/index.js';
import { shardOf } from '../../src/store/shard.js';
import { seedRng } from '../../src/engine/rng.js';
import { allText, openBotTable, tableMessage, type BotTable } from './harness.js';
import { openLobbyAndBegin } from './lobby.js';
import { actOnPanel, isOver, openPanel, peopleAsked, playToEnd, scanForLeaks } from './play.js';

let t: BotTable | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function gameOf(t: BotTable): Promise<number> {
  return (await t.bot.store.activeGameIn(t.guild.id, t.general.id))!;
}

function gameSeat(t: BotTable, gameId: number, userId: string): number {
  return t.bot.users.seatOf(gameId, userId);
}

describe('the bot at its edges', () => {
  it('a new bot process on the same database finishes the game, with the buttons already on screen', async () => {
    t = await openBotTable(4);
    await openLobbyAndBegin(t);
    await playToEnd(t, 7, { maxSteps: 25 });
    const gameId = await gameOf(t);
    const before = (await t.bot.store.state(gameId))!.version;
    const tableId = tableMessage(t, t.users[0])!.id;
    await t.restart();
    expect((await t.bot.store.state(gameId))!.version).toBe(before);
    expect(tableMessage(t, t.users[0])!.id).toBe(tableId);
    const { leaks } = await playToEnd(t, 8);
    expect(leaks).toEqual([]);
    expect(isOver(tableMessage(t, t.users[0])!)).toBe(true);
    expect((await t.bot.store.game(gameId))!.status).toBe('finished');
  }, 300_000);

  it('closed DMs: the channel says so without a secret, and 我的信息 still shows the identity', async () => {
    t = await openBotTable(3);
    t.discord.closeDms(t.users[1]);
    await openLobbyAndBegin(t);
    const notices = t.discord.seenBy(t.users[0], { channel: t.general }).filter((m) => m.content.includes(`<@${t!.users[1].id}>`) && /私信|DM/.test(m.content));
    expect(notices).toHaveLength(1);
    expect(await scanForLeaks(t)).toEqual([]);
    const panel = await openPanel(t, t.users[1], tableMessage(t, t.users[1])!);
    expect(panel.ephemeral).toBe(true);
    expect(panel.embeds[0].description).toMatch(/身份：|Identity:/);
    // Once a game, across restarts: more DMs fail after one, and the channel hears nothing more.
    await t.restart();
    await playToEnd(t, 21, { maxSteps: 30 });
    const again = t.discord.seenBy(t.users[0], { channel: t.general }).filter((m) => m.content.includes(`<@${t!.users[1].id}>`) && /私信|DM/.test(m.content));
    expect(again).toHaveLength(1);
  }, 120_000);

  it('a double click applies once; a stale button and a stranger change nothing', async () => {
    t = await openBotTable(4);
    const stranger = t.discord.createUser({ username: 'mallory' });
    t.discord.addMember(t.guild, stranger);
    await openLobbyAndBegin(t, 3);
    const gameId = await gameOf(t);
    // Play on until a person is asked in a window (they have a 过 to press twice).
    for (let k = 0; k < 40 && !((await t.bot.store.state(gameId))!.pending?.kind === 'window' && (await peopleAsked(t)).length); k++) await playToEnd(t, 30 + k, { maxSteps: 1 });
    const table = tableMessage(t, t.users[0])!;
    const [u] = await peopleAsked(t);
    // Two panels opened from the table: one is used, the other keeps the old buttons on screen.
    const oldPanel = await openPanel(t, u, table);
    const panel = await openPanel(t, u, table);
    const pass = panel.buttons.find((b) => b.customId?.endsWith(':pass'))!;
    const v0 = (await t.bot.store.state(gameId))!.version;
    const first = t.discord.click(u, { customId: pass.customId!, messageId: panel.id });
    const second = t.discord.click(u, { customId: pass.customId!, messageId: panel.id });
    await Promise.all([first.settled(), second.settled()]);
    await t.bot.idle();
    // One pass, plus whatever automatic passes and bot moves it set off; never the second click.
    expect((await t.bot.store.repos.games.log(gameId)).filter((r) => r.version > v0 && r.seat === gameSeat(t!, gameId, u.id) && JSON.parse(r.action).kind === 'pass')).toHaveLength(1);

    // The stranger presses a button of the public table (过 while a window is open): told it is not theirs.
    const v1 = (await t.bot.store.state(gameId))!.version;
    const strangers = tableMessage(t, stranger)!;
    const tablePass = strangers.buttons.find((b) => b.customId?.endsWith(':pass')) ?? strangers.buttons.find((b) => b.customId?.endsWith(':info'))!;
    const strangerReply = await t.discord.click(stranger, { customId: tablePass.customId!, messageId: strangers.id }).response();
    expect(strangerReply.ephemeral).toBe(true);
    expect(strangerReply.content).toMatch(tablePass.customId!.endsWith(':pass') ? /不是你的座位|not your seat/ : /不在这局|not playing/);
    expect((await t.bot.store.state(gameId))!.version).toBe(v1);

    // Everyone passes the window; the old pass button (made for that window) is now stale.
    await playToEnd(t, 3, { maxSteps: 6 });
    const v2 = (await t.bot.store.state(gameId))!.version;
    const oldPass = oldPanel.buttons.find((b) => b.customId?.endsWith(':pass'))!;
    await t.discord.click(u, { customId: oldPass.customId!, messageId: oldPanel.id }).settled();
    await t.bot.idle();
    const notes = t.discord.seenBy(u).filter((m) => m.ephemeral && /过期|out of date/.test(m.content));
    expect(notes.length).toBeGreaterThan(0);
    expect((await t.bot.store.state(gameId))!.version).toBe(v2);
  }, 120_000);

  it('a 429 on the table edit is waited out and the table still updates', async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t);
    // Once a player has clicked it, the table is edited through that click's token (publisher.ts).
    t.discord.rateLimit({ method: 'PATCH', path: '/webhooks/:app/:token/messages/:id', count: 2, retryAfter: 0.05 });
    const { steps } = await playToEnd(t, 5, { maxSteps: 8 });
    expect(steps).toBe(8);
    const patched = t.discord.world.requests.filter((r) => r.method === 'PATCH' && r.status === 429);
    expect(patched.length).toBe(2);
    const table = tableMessage(t, t.users[0])!;
    expect(table.edited).toBe(true);
  }, 120_000);
});

describe('clicks no honest client makes', () => {
  it("a lobby's 加入 forged from another server seats nobody", async () => {
    t = await openBotTable(3);
    const [alice] = t.users;
    const lobby = await t.discord.runCommand(alice, t.general, 'fengsheng start', { characters: false }).response();
    const joinId = lobby.buttons.find((b) => b.label === '加入')!.customId!;
    const outsider = t.discord.createUser({ username: 'mallory', locale: 'zh-CN' });
    const elsewhere = t.discord.channel(t.discord.createGuild({ name: 'elsewhere', members: [outsider] }), 'general');
    const own = t.discord.say(outsider, elsewhere, 'hi');
    await t.discord.forgeClick(outsider, { customId: joinId, messageId: own.id }).settled();
    await t.bot.idle();
    const seated = (await t.bot.lobbies.inChannel(t.guild.id, t.general.id))!.seats.map((s) => s.userId);
    expect(seated).toEqual([alice.id]);
    expect(allText(t.discord.seenBy(alice).find((m) => m.id === lobby.id)!)).not.toContain('mallory');
  }, 60_000);

  it("a game's move forged from another server, by one of its own players, moves nothing", async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t, 3);
    const gameId = await gameOf(t);
    const state = () => t!.bot.store.liveState(gameId)!;
    // Moves until the deciding player's panel has 过 (a move of one click).
    const rng = seedRng(2);
    let decider = t.users[waitingOn(state())[0]];
    let panel = await openPanel(t, decider, tableMessage(t, decider)!);
    for (let k = 0; k < 40 && !panel.buttons.some((b) => b.customId?.endsWith(':pass')); k++) {
      await actOnPanel(t, decider, panel, rng);
      await t.bot.idle();
      decider = t.users[waitingOn(state())[0]];
      panel = await openPanel(t, decider, tableMessage(t, decider)!);
    }
    const pass = panel.buttons.find((b) => b.customId?.endsWith(':pass'))!.customId!;
    const version = state().version;
    const elsewhere = t.discord.channel(t.discord.createGuild({ name: 'elsewhere', members: [decider] }), 'general');
    const own = t.discord.say(decider, elsewhere, 'hi');
    await t.discord.forgeClick(decider, { customId: pass, messageId: own.id }).settled();
    await t.bot.idle();
    expect(state().version).toBe(version);
    expect(t.discord.seenBy(decider).filter((m) => m.ephemeral).at(-1)!.content).toMatch(/^(找不到这局游戏。|I cannot find this game\.)$/);
  }, 60_000);

  it("a click of another shard's server (SHARDS set wrong) is not run there: the clicker is told, nothing moves", async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t, 3);
    const gameId = await gameOf(t);
    const version = t.bot.store.liveState(gameId)!.version;
    const [asked] = await peopleAsked(t);
    const table = tableMessage(t, asked)!;
    // This process now counts itself the shard that does not own the guild, of two.
    const theirs = shardOf(t.guild.id, 2);
    Object.assign(t.bot.client.options, { shards: [1 - theirs], shardCount: 2 });
    const info = table.buttons.find((b) => b.customId?.endsWith(':info'))!;
    const answer = await t.discord.click(asked, { customId: info.customId!, messageId: table.id }).response();
    expect(answer.content).toMatch(/不负责本服务器|does not serve this server/);
    const other = t.discord.createChannel(t.guild, 'other');
    const started = await t.discord.runCommand(asked, other, 'fengsheng start').response();
    expect(started.content).toMatch(/不负责本服务器|does not serve this server/);
    await t.bot.idle();
    expect(t.bot.store.liveState(gameId)!.version).toBe(version);
    expect(await t.bot.lobbies.inChannel(t.guild.id, other.id)).toBeFalsy();
    Object.assign(t.bot.client.options, { shards: [theirs], shardCount: 2 });
    expect((await openPanel(t, asked, table)).embeds.length).toBeGreaterThan(0);
  }, 60_000);

  it('a 规则 page turn forged onto the table rewrites nothing public; the clicker reads the page privately', async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t, 3);
    const [alice, bob] = t.users;
    const before = tableMessage(t, bob)!;
    await t.discord.forgeClick(alice, { customId: encodeId(0, 0, 'rules', 2), messageId: before.id }).settled();
    await t.bot.idle();
    const after = tableMessage(t, bob)!;
    expect(after.id).toBe(before.id);
    expect(allText(after)).toBe(allText(before));
    const page = t.discord.seenBy(alice).filter((m) => m.ephemeral && m.embeds[0]?.footer?.text.includes('3'));
    expect(page).toHaveLength(1);
    expect(t.discord.seenBy(bob).some((m) => m.id === page[0].id)).toBe(false);
  }, 60_000);


  it("a click on another player's panel changes nothing and shows that panel nothing of the clicker's", async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t, 3);
    const [alice, bob] = t.users;
    const panel = await openPanel(t, alice, tableMessage(t, alice)!);
    const before = t.discord.seenBy(alice).find((m) => m.id === panel.id)!;
    const v0 = (await t.bot.store.state(await gameOf(t)))!.version;
    const info = panel.buttons.find((b) => b.customId)!;
    await t.discord.forgeClick(bob, { customId: info.customId!, messageId: panel.id }).settled();
    await t.bot.idle();
    const after = t.discord.seenBy(alice).find((m) => m.id === panel.id)!;
    expect(after.embeds[0].title).toBe(before.embeds[0].title);
    expect(allText(after)).toBe(allText(before));
    expect((await t.bot.store.state(await gameOf(t)))!.version).toBe(v0);
    const told = t.discord.seenBy(bob).filter((m) => m.ephemeral && /不是你的面板|not your panel/.test(m.content));
    expect(told).toHaveLength(1);
  }, 60_000);
});
