// The replay of an ended game (src/discord/replay.ts), through the stand-in with the real client:
// refused while the game is played, opened privately from the closed table's 回放 or by
// /fengsheng replay, paged with ◀ ▶ on the same private message, a new picture each page, drawn
// open from the stored log.
import { describe, expect, it } from 'vitest';
import { pageId, REPLAY_IMAGE, replayPages } from '../../src/discord/handlers/replay.js';
import { openPictureInput } from '../../src/picture/input.js';
import { drawTablePicture } from '../../src/picture/table.js';
import type { SeenMessage, UserRecord } from '../support/discord/index.js';
import { gameOf, tableMessage, useBotTable, type BotTable } from './harness.js';
import { openLobbyAndBegin } from './lobby.js';
import { playToEnd } from './play.js';

/** The replay's pages as the test rebuilds them from the stored log. */
async function pagesOf(t: BotTable, gameId: number) {
  const info = (await t.bot.store.game(gameId))!;
  const built = replayPages({ setup: info.setup!, decisionMs: info.decisionMs, windowMs: info.windowMs, createdAt: info.createdAt }, await t.bot.store.repos.games.log(gameId));
  if ('reason' in built) throw new Error(built.reason);
  return built.pages;
}

const picture = (t: BotTable, m: SeenMessage) => t.discord.attachmentData(m.attachments[0].id)!;

/** The newest private message a user sees (a follow-up explanation). */
const lastPrivate = (t: BotTable, u: UserRecord) => t.discord.seenBy(u).filter((m) => m.ephemeral).at(-1)!;

describe('the replay of a game', () => {
  const botTable = useBotTable(3);
  // alice and carol read Chinese.
  const viewer = (t: BotTable) => t.users[2];
  let replayId = '';

  it('is refused while the game is being played: it would show every secret', async () => {
    const t = botTable();
    const none = await t.discord.runCommand(t.users[0], t.general, 'fengsheng replay').response();
    expect(none.ephemeral).toBe(true);
    expect(none.content).toContain('本频道还没有结束的对局');
    await openLobbyAndBegin(t, 3, { characters: false, rounds: 2 });
    const gameId = await gameOf(t);
    const asked = await t.discord.runCommand(viewer(t), t.general, '风声 回放', { 对局: gameId }).response();
    expect(asked.ephemeral).toBe(true);
    expect(asked.content).toContain('这局游戏还在进行，不能回放');
    expect(asked.attachments).toEqual([]);
    // A forged 回放 button on the live table is refused the same way.
    const table = tableMessage(t, viewer(t))!;
    expect(table.buttons.some((b) => b.customId?.includes(':replay'))).toBe(false);
    const forged = await t.discord.forgeClick(viewer(t), { customId: `fs:${gameId}:0:replay`, messageId: table.id }).response();
    expect(forged.ephemeral).toBe(true);
    expect(forged.content).toContain('还在进行');
    expect(forged.attachments).toEqual([]);
    // Nor by a page button made up for it.
    const paged = await t.discord.forgeClick(viewer(t), { customId: pageId(gameId, 1, 1), messageId: table.id }).response();
    expect(paged.content).toContain('还在进行');
  }, 60_000);

  it('回放 on the finished table opens a private replay only the clicker sees, drawn open from the stored log', async () => {
    const t = botTable();
    await playToEnd(t, 5);
    const gameId = await gameOf(t);
    const table = tableMessage(t, t.users[0])!;
    expect(table.buttons.map((b) => b.label)).toEqual(['回放', '再来一局']);
    const replay = await t.discord.click(viewer(t), { label: '回放', messageId: table.id }).response();
    replayId = replay.id;
    expect(replay.ephemeral).toBe(true);
    expect(replay.interaction?.userId).toBe(viewer(t).id);
    for (const other of [t.users[0], t.users[1]]) expect(t.discord.seenBy(other).some((m) => m.id === replay.id)).toBe(false);
    const pages = await pagesOf(t, gameId);
    expect(pages.length).toBeGreaterThan(2);
    expect(replay.content).toBe(`回放 · 第${gameId}局 · 1/${pages.length}：发牌之后`);
    expect(replay.attachments.map((a) => a.filename)).toEqual([REPLAY_IMAGE]);
    // The picture is the open one of the deal: every identity and every hand in it.
    const input = openPictureInput('zh-CN', pages[0].state, { status: 'finished', ai: [] });
    pages[0].state.players.forEach((p, i) => {
      expect(input.seats[i].identity).toBe(p.identity);
      expect(input.seats[i].cards).toHaveLength(p.hand.length);
    });
    expect(picture(t, replay).equals(drawTablePicture(input).png)).toBe(true);
    expect(replay.buttons.map((b) => [b.label, b.disabled])).toEqual([
      ['◀', true],
      ['▶', false],
    ]);
  }, 180_000);

  it("each page carries that turn's log, as the table wrote it", async () => {
    const t = botTable();
    const gameId = await gameOf(t);
    const pages = await pagesOf(t, gameId);
    const first = await t.discord.runCommand(t.users[0], t.general, 'fengsheng replay', { game: gameId }).response();
    expect(first.embeds[0].description).toMatch(/游戏开始，.+先行。/);
    const turn = pages.findIndex((p) => p.moment === 'turn');
    const page = await t.discord.forgeClick(t.users[0], { customId: pageId(gameId, turn, 1), messageId: first.id }).response();
    const name = pages[turn].state.players[pages[turn].seat].name;
    expect(page.embeds[0].description).toMatch(new RegExp(`${name}.*传出情报`));
    expect(page.embeds[0].description).not.toContain('游戏开始');
  }, 60_000);

  it('◀ ▶ page through it on the same message, a new picture replacing the old, to the end', async () => {
    const t = botTable();
    const gameId = await gameOf(t);
    const pages = await pagesOf(t, gameId);
    let m = t.discord.seenBy(viewer(t)).find((x) => x.id === replayId)!;
    const seen = new Set([m.attachments[0].id]);
    const bytes = new Set([picture(t, m).toString('base64')]);
    for (let page = 1; page < pages.length; page++) {
      const next = m.buttons.find((b) => b.label === '▶')!;
      const before = m.revision;
      m = await t.discord.click(viewer(t), { customId: next.customId!, messageId: m.id }).response();
      expect(m.id).toBe(replayId);
      expect(m.revision).toBeGreaterThan(before);
      expect(m.content).toContain(`${page + 1}/${pages.length}`);
      expect(m.attachments).toHaveLength(1);
      expect(seen.has(m.attachments[0].id)).toBe(false);
      seen.add(m.attachments[0].id);
      bytes.add(picture(t, m).toString('base64'));
    }
    // Every page a picture of its own; the last is the end, with its result.
    expect(bytes.size).toBe(pages.length);
    expect(m.content).toMatch(/：终局$/);
    expect(pages.at(-1)!.state.result).not.toBeNull();
    expect(picture(t, m).equals(drawTablePicture(openPictureInput('zh-CN', pages.at(-1)!.state, { status: 'finished', ai: [] })).png)).toBe(true);
    expect(m.buttons.map((b) => b.disabled)).toEqual([false, true]);
    // And back one page.
    const back = await t.discord.click(viewer(t), { customId: m.buttons[0].customId!, messageId: m.id }).response();
    expect(back.content).toContain(`${pages.length - 1}/${pages.length}`);
    expect(back.content).toMatch(/第\d轮 · \w+的回合之后/);
  }, 120_000);

  it("/fengsheng replay opens the channel's last ended game, in the asker's language; stale, foreign and malformed clicks are explained", async () => {
    const t = botTable();
    const gameId = await gameOf(t);
    const pages = await pagesOf(t, gameId);
    // bob reads English.
    const mine = await t.discord.runCommand(t.users[1], t.general, 'fengsheng replay').response();
    expect(mine.ephemeral).toBe(true);
    expect(mine.content).toBe(`Replay · game ${gameId} · 1/${pages.length}: after the deal`);
    expect(mine.attachments.map((a) => a.filename)).toEqual([REPLAY_IMAGE]);
    const byNumber = await t.discord.runCommand(t.users[0], t.general, 'fengsheng replay', { game: gameId }).response();
    expect(byNumber.content).toContain(`第${gameId}局 · 1/${pages.length}`);
    const missing = await t.discord.runCommand(t.users[0], t.general, 'fengsheng replay', { game: gameId + 50 }).response();
    expect(missing.content).toContain(`本服务器没有第${gameId + 50}局`);

    // A page the replay does not have: told so, the message stays as it was.
    const before = t.discord.seenBy(viewer(t)).find((x) => x.id === replayId)!;
    await t.discord.forgeClick(viewer(t), { customId: pageId(gameId, pages.length + 3, 1), messageId: replayId }).settled();
    await t.bot.idle();
    expect(lastPrivate(t, viewer(t)).content).toContain('回放没有这一页');
    // Someone else's replay: alice cannot page carol's.
    await t.discord.forgeClick(t.users[0], { customId: pageId(gameId, 1, 1), messageId: replayId }).settled();
    await t.bot.idle();
    expect(lastPrivate(t, t.users[0]).content).toContain('这是别人的回放');
    const after = t.discord.seenBy(viewer(t)).find((x) => x.id === replayId)!;
    expect(after.attachments).toEqual(before.attachments);
    expect(after.content).toBe(before.content);
    // A damaged id.
    const bad = await t.discord.forgeClick(viewer(t), { customId: `fs:${gameId}:0:replay:x`, messageId: replayId }).settled();
    expect(bad.state).not.toBe('failed');
    await t.bot.idle();
    expect(lastPrivate(t, viewer(t)).content).toContain('无法识别这个按钮');
  }, 120_000);

  it('an aborted game may be replayed too: from its closed table, up to where it was stopped', async () => {
    const t = botTable();
    const finished = await gameOf(t);
    await openLobbyAndBegin(t, 3, { characters: false });
    await t.discord.runCommand(t.users[0], t.general, 'fengsheng abort').response();
    await t.bot.idle();
    const gameId = await gameOf(t);
    expect(gameId).not.toBe(finished);
    expect((await t.bot.store.game(gameId))!.status).toBe('aborted');
    const table = tableMessage(t, t.users[0])!;
    const replay = await t.discord.click(viewer(t), { label: '回放', messageId: table.id }).response();
    expect(replay.ephemeral).toBe(true);
    expect(replay.content).toMatch(new RegExp(`^回放 · 第${gameId}局 · 1/\\d+：`));
    expect(replay.attachments.map((a) => a.filename)).toEqual([REPLAY_IMAGE]);
    // The channel's last ended game is now this one.
    const last = await t.discord.runCommand(viewer(t), t.general, 'fengsheng replay').response();
    expect(last.content).toContain(`第${gameId}局`);
  }, 60_000);

  it("a private channel's games are replayed and listed only for those who may see it, and for their players", async () => {
    const t = botTable();
    const gameId = await gameOf(t);
    const [alice] = t.users;
    // erin may see the channel once it is private; dave may not; neither played.
    const [dave, erin] = ['dave', 'erin'].map((username) => t.discord.createUser({ username, locale: 'zh-CN' }));
    for (const u of [dave, erin]) t.discord.addMember(t.guild, u);
    const lounge = t.discord.createChannel(t.guild, 'lounge');
    t.discord.hideChannel(t.general, [t.users[1], erin]);
    await t.bot.idle();
    const replayOf = (u: UserRecord) => t.discord.runCommand(u, lounge, 'fengsheng replay', { game: gameId }).response();
    const historyOf = (u: UserRecord) => t.discord.runCommand(u, lounge, 'fengsheng history').response();
    // dave: as if the server had no such game.
    expect((await replayOf(dave)).content).toBe(`本服务器没有第${gameId}局。`);
    expect((await historyOf(dave)).content).toBe('还没有完成的对局。');
    // erin sees the channel; alice played there (she no longer sees it, but the game was hers).
    for (const u of [erin, alice]) {
      const replay = await replayOf(u);
      expect(replay.content).toMatch(new RegExp(`^回放 · 第${gameId}局 · 1/\\d+：`));
      expect(replay.attachments.map((a) => a.filename)).toEqual([REPLAY_IMAGE]);
    }
    expect((await historyOf(erin)).embeds[0].description).toContain(`<#${t.general.id}>`);
  }, 60_000);
});
