// The table message carries the table picture: posted with the table, redrawn on each table edit,
// uploaded again only when what it shows changed, and taken off a table message that is retired.
import { describe, expect, it } from 'vitest';
import { decider, newGame, view } from '../../src/engine/index.js';
import { TABLE_IMAGE } from '../../src/discord/outbound/publisher.js';
import { describeTable } from '../../src/picture/describe.js';
import { pictureInput, pictureText } from '../../src/picture/input.js';
import { backlog, drawInThread } from '../../src/picture/renderer.js';
import { drawTablePicture } from '../../src/picture/table.js';
import { TEST_LIMITS } from '../support/discord/index.js';
import { advanceTo, gameOf, openBotTable, tableMessage, useBotTable, type BotTable } from './harness.js';
import { openLobbyAndBegin } from './lobby.js';
import { liveTable } from './play.js';

/** The harness's edit interval (harness.ts: Discord's limits scaled down). */
const EDIT_INTERVAL_MS = 1000 * TEST_LIMITS.scale!;

/** The picture input of the game as it is now, from the public view. */
async function input(t: BotTable) {
  const gameId = await gameOf(t);
  const state = (await t.bot.store.state(gameId))!;
  const tags = { ai: t.bot.drivers.aiSeats(gameId), autopilot: t.bot.drivers.autopilotSeats(gameId), decider: decider(state) };
  return pictureInput('zh-CN', view(state, null), tags);
}

/** The picture of the game as it is now, drawn in the test from the public view. */
async function expected(t: BotTable): Promise<Buffer> {
  return drawTablePicture(await input(t)).png;
}

describe('the table picture on the table message', () => {
  const botTable = useBotTable(3);

  it('is attached when the table is posted and shows the game as it is', async () => {
    const t = botTable();
    await openLobbyAndBegin(t, 3, { characters: true, timer: 30 });
    const table = tableMessage(t, t.users[1])!;
    expect(table.attachments.map((a) => a.filename)).toEqual([TABLE_IMAGE]);
    const bytes = t.discord.attachmentData(table.attachments[0].id)!;
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(bytes.equals((await expected(t)))).toBe(true);
    // Its alt text, for screen readers: the same moment in words (render-table prints the same).
    expect(table.attachments[0].description).toBe(describeTable(await input(t)));
    // The embed stays for text readers.
    expect(table.embeds[0].description).toContain('alice');
  }, 60_000);

  it('an edit that changes nothing the picture shows keeps the uploaded file', async () => {
    const t = botTable();
    const before = tableMessage(t, t.users[0])!;
    const uploads = t.discord.world.uploads.size;
    t.bot.publisher.tableChanged(await gameOf(t));
    await t.bot.idle();
    const after = tableMessage(t, t.users[0])!;
    expect(after.id).toBe(before.id);
    expect(after.revision).toBeGreaterThan(before.revision);
    expect(after.attachments).toEqual(before.attachments);
    expect(t.discord.world.uploads.size).toBe(uploads);
  }, 60_000);

  it('a move in the game redraws it: a new file replaces the old one on the same message', async () => {
    const t = botTable();
    const before = tableMessage(t, t.users[0])!;
    const version = (await t.bot.store.state(await gameOf(t)))!.version;
    await advanceTo(t, (await t.bot.store.state(await gameOf(t)))!.pending!.deadline!);
    expect((await t.bot.store.state(await gameOf(t)))!.version).toBeGreaterThan(version);
    const after = tableMessage(t, t.users[0])!;
    expect(after.id).toBe(before.id);
    expect(after.attachments).toHaveLength(1);
    expect(after.attachments[0].id).not.toBe(before.attachments[0].id);
    expect(t.discord.attachmentData(after.attachments[0].id)!.equals((await expected(t)))).toBe(true);
  }, 60_000);

  it('/fengsheng table posts it anew with the picture and takes the picture off the old message', async () => {
    const t = botTable();
    const old = tableMessage(t, t.users[0])!;
    await t.discord.runCommand(t.users[0], t.general, 'fengsheng table').settled();
    await t.bot.idle();
    const now = tableMessage(t, t.users[0])!;
    expect(now.id).not.toBe(old.id);
    expect(now.attachments.map((a) => a.filename)).toEqual([TABLE_IMAGE]);
    expect(t.discord.attachmentData(now.attachments[0].id)!.equals((await expected(t)))).toBe(true);
    const retired = t.discord.seenBy(t.users[0], { channel: t.general }).find((m) => m.id === old.id)!;
    expect(retired.attachments).toEqual([]);
  }, 60_000);
});

describe('a busy table', () => {
  it('draws its picture at most once an interval (stretched while the process trails): the words follow every move, the picture catches up', async () => {
    // An interval of 500 ms, stretched four times (src/run/strain.ts: the event loop trailing): 2 s.
    const t = await openBotTable(3, { pictureIntervalMs: 500, pictureStretch: () => 4 });
    try {
      await openLobbyAndBegin(t, 3, { timer: 30 });
      await t.bot.idle();
      const gameId = await gameOf(t);
      const uploads = t.discord.world.uploads.size;
      const v0 = t.bot.store.liveState(gameId)!.version;
      // When the table's lane began each edit of it (wall clock).
      const edits: number[] = [];
      const lane = t.bot.publisher as unknown as { editTable: (id: number) => Promise<boolean> };
      const editTable = lane.editTable.bind(lane);
      lane.editTable = (id) => {
        if (id === gameId) edits.push(performance.now());
        return editTable(id);
      };
      const started = Date.now();
      // Six decisions timing out as fast as the bot commits them, each changing whom the picture waits on.
      for (let k = 0; k < 6; k++) {
        t.clock.runUntil((await t.bot.store.state(gameId))!.pending!.deadline!);
        await t.bot.timers.fire();
        // The words of the table show each move before the next.
        const words = () => t.bot.publisher.tableMessage(gameId).embeds[0]!.description;
        await t.discord.waitFor(() => tableMessage(t, t.users[0])!.embeds[0].description === words());
      }
      expect(t.bot.store.liveState(gameId)!.version).toBeGreaterThanOrEqual(v0 + 6);
      const committed = Date.now() - started;
      await t.bot.idle();
      const drawn = t.discord.world.uploads.size - uploads;
      // One picture now, then one each interval while the moves went on, then the one that catches up.
      expect(drawn).toBeLessThanOrEqual(2 + Math.floor(committed / 2_000));
      expect(drawn).toBeLessThan(6);
      // The lane waits for the picture, a move wakes it, and its words still keep the edit interval (50 ms
      // here): edits on the heels of each move ran into the click token's rate limit (less 2 ms: a timer
      // may fire a little early).
      expect(edits.length).toBeGreaterThanOrEqual(6);
      const gaps = edits.slice(1).map((at, i) => Math.round(at - edits[i]));
      expect(Math.min(...gaps), `gaps between table edits: ${gaps.join(', ')} ms`).toBeGreaterThanOrEqual(EDIT_INTERVAL_MS - 2);
      const table = tableMessage(t, t.users[0])!;
      expect(table.embeds[0].description).toBe(t.bot.publisher.tableMessage(gameId).embeds[0]!.description);
      expect(t.discord.attachmentData(table.attachments[0].id)!.equals(await expected(t))).toBe(true);
      expect(table.attachments[0].description).toBe(describeTable(await input(t)));
    } finally {
      await t.close();
    }
  }, 60_000);

  it("a table without its picture yet is not held up by other games' drawings: its words go first, the picture follows", async () => {
    const t = await openBotTable(3);
    try {
      const [host, ...rest] = t.users;
      const lobby = await t.discord.runCommand(host, t.general, 'fengsheng start', { characters: false }).response();
      for (const u of rest) await t.discord.click(u, { label: '加入', messageId: lobby.id }).response();
      // Other games' drawings keep the picture threads busy (a burst of games beginning at once).
      const busy = Array.from({ length: 200 }, (_, k) => drawInThread(pictureText({ ...NINE, round: k + 1 })));
      await t.discord.click(host, { label: '开始', messageId: lobby.id }).response();
      const live = await liveTable(t, host);
      // The table took over the lobby's message while the threads were still behind.
      expect(backlog()).toBeGreaterThanOrEqual(1);
      expect(live.attachments).toEqual([]);
      await Promise.all(busy);
      await t.bot.idle();
      const table = tableMessage(t, t.users[0])!;
      expect(table.attachments.map((a) => a.filename)).toEqual([TABLE_IMAGE]);
      expect(t.discord.attachmentData(table.attachments[0].id)!.equals(await expected(t))).toBe(true);
    } finally {
      await t.close();
    }
  }, 60_000);
});

/** A nine-player table, a large picture for the threads to draw. */
const NINE = (() => {
  const s = newGame({ seed: 5, players: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'], options: { characters: true } }).state;
  return pictureInput('zh-CN', view(s, null), { ai: [], autopilot: [], decider: decider(s) });
})();
