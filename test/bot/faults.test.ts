// Faults that degrade: a bot seat's move that the database refused to save is tried again later,
// without a timeout having to decide for it, and the fault is logged once, not once per try.
import { closeSync, openSync, writeSync } from 'node:fs';
import { sqliteConnection, type SqliteBackend } from '../../src/store/sqlite.js';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { waitingOn } from '../../src/engine/index.js';
import { seedRng } from '../../src/engine/rng.js';
import { MOVE_RETRY_FIRST_MS } from '../../src/discord/seats/drivers.js';
import { PROBE_FIRST_MS } from '../../src/discord/outbound/pauses.js';
import { gameOf, openBotTable, tableIsCurrent, tableMessage, type BotTable } from './harness.js';
import { openLobbyAndBegin } from './lobby.js';
import { actOnPanel, openPanel } from './play.js';
import type { UserRecord } from '../support/discord/index.js';

let t: BotTable | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function collectingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const waiting: { msgs: string[]; resolve: () => void }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) {
        const line = JSON.parse(l) as { level: number; msg: string };
        lines.push(line);
        for (const w of waiting.filter((w) => w.msgs.includes(line.msg))) w.resolve();
      }
      done();
    },
  });
  /** Resolves once the bot has logged one of `msgs`. */
  const logged = (...msgs: string[]) => new Promise<void>((resolve) => (lines.some((l) => msgs.includes(l.msg)) ? resolve() : waiting.push({ msgs, resolve })));
  return { lines, logged, log: pino({ level: 'info' }, stream) };
}

/** A game begun on SQLite, with what a pause test reads: bob's view of the channel's pause notices, and how often a player was told a move was not saved. */
async function pauseTable() {
  const t = await openBotTable(3);
  const bob = t.users[1]!;
  await openLobbyAndBegin(t);
  const store = t.bot.store;
  const gameId = await gameOf(t);
  const before = (await store.state(gameId))!.version;
  const notices = () => t.discord.seenBy(bob, { channel: t.general }).filter((m) => m.author.bot && /^(⚠️ 本局暂停|本局继续)/.test(m.content)).map((m) => (m.content.startsWith('本局继续') ? 'resumed' : 'paused'));
  const told = (u: UserRecord) => t.discord.seenBy(u).filter((m) => m.ephemeral && m.content.startsWith('这一步没能保存')).length;
  const rng = seedRng(4);
  const decider = () => t.users[waitingOn(store.liveState(gameId)!)[0]!]!;
  /** The deciding player acts on their panel, again and again (at most 30 times), until `done`. */
  const actUntil = async (done: () => boolean | Promise<boolean>) => {
    for (let k = 0; k < 30 && !(await done()); k++) {
      await actOnPanel(t, decider(), await openPanel(t, decider(), tableMessage(t, decider())!), rng);
      await t.bot.idle();
    }
  };
  return { t, store, gameId, before, notices, told, decider, actUntil };
}

describe('faults degrade', () => {
  it("an AI seat's move whose save failed is retried after a back-off, and logged once", async () => {
    const { lines, log } = collectingLogger();
    t = await openBotTable(1, { log });
    const [me] = t.users;
    const lobby = await t.discord.runCommand(me, t.general, 'fengsheng start', { characters: false, timer: 60 }).response();
    for (let k = 0; k < 4; k++) await t.discord.click(me, { label: '添加AI', messageId: lobby.id }).response();
    await t.discord.click(me, { label: '开始', messageId: lobby.id }).response();
    await t.bot.idle();
    const store = t.bot.store;
    const gameId = (await store.activeGameIn(t.guild.id, t.general.id))!;
    const ai = new Set(t.bot.drivers.aiSeats(gameId));
    const rng = seedRng(5);

    // Play until the person's click leaves a decision that AI seats make; right after that click is
    // committed, the database stops taking writes (SQLite's query_only: as a read-only file would).
    let refusing = false;
    const unsubscribe = store.subscribe((c) => {
      if (c.by !== undefined && !c.finished && waitingOn(c.state).some((s) => ai.has(s))) {
        sqliteConnection(store.backend).sqlite.pragma('query_only = ON');
        refusing = true;
      }
    });
    for (let k = 0; k < 50 && !refusing; k++) {
      const table = tableMessage(t, me)!;
      await actOnPanel(t, me, await openPanel(t, me, table), rng);
      await t.bot.idle();
    }
    unsubscribe();
    expect(refusing).toBe(true);
    const stuck = (await store.state(gameId))!;
    const deadline = stuck.pending!.deadline!;

    // Every try fails while writes are refused, and the next waits twice as long.
    let retryAt = 0;
    for (let k = 0; k < 1; k++) {
      retryAt = t.clock.now() + MOVE_RETRY_FIRST_MS * 2 ** k;
      expect(t.clock.alarmTimes()).toContain(retryAt);
      t.clock.runUntil(retryAt);
      await t.bot.idle();
      expect((await store.state(gameId))!.version).toBe(stuck.version);
    }
    expect(lines.filter((l) => l.msg.includes('could not be saved'))).toHaveLength(1);

    // Writes are taken again: the next retry moves the game on, with no timeout deciding.
    sqliteConnection(store.backend).sqlite.pragma('query_only = OFF');
    retryAt = t.clock.now() + MOVE_RETRY_FIRST_MS * 2;
    expect(t.clock.alarmTimes()).toContain(retryAt);
    expect(retryAt).toBeLessThan(deadline);
    t.clock.runUntil(retryAt);
    await t.bot.idle();
    expect((await store.state(gameId))!.version).toBeGreaterThan(stuck.version);
    expect(sqliteConnection(store.backend).sqlite.prepare('select count(*) as n from actions where game_id = ? and action like ?').get(gameId, '%timeout%')).toEqual({ n: 0 });
    expect(lines.filter((l) => l.msg.includes('saved again'))).toHaveLength(1);
  }, 120_000);

  it('a /start whose lobby message cannot be shown leaves no lobby: the host is told privately, and /start works again', async () => {
    t = await openBotTable(2);
    const [host, other] = t.users;
    // Discord fails the lobby's message every time discord.js tries (the first try and its three retries of a 5xx).
    t.discord.fault({ method: 'PATCH', path: /^\/webhooks\/[^/]+\/[^/]+\/messages\/%40original$/, status: 500, count: 4 });
    t.discord.runCommand(host, t.general, 'fengsheng start', { characters: false });
    // The error is the host's alone.
    const told = await t.discord.waitFor(() => t!.discord.seenBy(host, { channel: t!.general }).find((m) => m.ephemeral && /出错了/.test(m.content)));
    expect(told).toBeDefined();
    await t.bot.idle();
    // Nothing public is left of it, and the channel is free.
    expect(t.discord.seenBy(other, { channel: t.general }).filter((m) => m.author.bot)).toEqual([]);
    const again = await t.discord.runCommand(host, t.general, 'fengsheng start', { characters: false }).response();
    expect(again.embeds[0].title).toContain('大厅');
  }, 60_000);

  it("a table edit that fails (a 5xx after discord.js's own retries) is tried again after a back-off, not left for the next move", async () => {
    const { lines, log } = collectingLogger();
    t = await openBotTable(3, { log });
    const [me] = t.users;
    await openLobbyAndBegin(t);
    const gameId = await gameOf(t);
    const version = async () => (await t!.bot.store.state(gameId))!.version;
    const start = await version();
    const rng = seedRng(3);
    // Moves from the panel, opened from the table: that click's token edits the table next, and
    // Discord fails the next two edits every time discord.js tries them (the first try and three
    // retries of a 5xx each): the move's commits (a move and the automatic steps after it) are shown
    // by edits that all fail.
    for (let k = 0; k < 20 && (await version()) === start; k++) {
      const table = tableMessage(t, me)!;
      const open = t.discord.click(me, { customId: table.buttons.find((b) => b.customId?.endsWith(':info'))!.customId!, messageId: table.id });
      const panel = await open.response();
      t.discord.fault({ method: 'PATCH', path: new RegExp(`^/webhooks/[^/]+/aW50ZXJhY3Rpb246${open.id}[^/]*/messages/%40original$`), status: 500, count: 8 });
      await actOnPanel(t, me, panel, rng);
      await t.bot.idle();
    }
    const moved = await version();
    expect(moved).toBeGreaterThan(start);
    // No move was made since: the lane's own retries, after their back-off, brought the table up to the move.
    expect(await tableIsCurrent(t)).toBe(true);
    expect(lines.filter((l) => l.msg === 'a table edit failed; trying again')).toHaveLength(2);
    expect(lines.filter((l) => l.msg === 'publishing to Discord failed')).toHaveLength(0);
  }, 60_000);

  it('a click Discord had given up on (it reached the bot after its 3 s) is not run: no move is made, and the next click is', async () => {
    const { lines, logged, log } = collectingLogger();
    t = await openBotTable(3, { log });
    const [me] = t.users;
    await openLobbyAndBegin(t);
    const gameId = await gameOf(t);
    const version = async () => (await t!.bot.store.state(gameId))!.version;
    // Moves until someone holds a decision of one button (接收 / 不接收, or 过 in a response window).
    const rng = seedRng(3);
    let who = me;
    let panel = await openPanel(t, me, tableMessage(t, me)!);
    let pass = panel.buttons.find((b) => /:(pass|take|decline)/.test(b.customId ?? ''));
    for (let k = 0; k < 40 && !pass; k++) {
      await actOnPanel(t, who, panel, rng);
      await t.bot.idle();
      const state = (await t.bot.store.state(gameId))!;
      who = t.users[waitingOn(state)[0]];
      panel = await openPanel(t, who, tableMessage(t, who)!);
      pass = panel.buttons.find((b) => /:(pass|take|decline)/.test(b.customId ?? ''));
    }
    const before = await version();
    // The click reaches the bot 4 s after it was made (a stalled connection): Discord has told the player it failed.
    const late = t.discord.click(who, { customId: pass!.customId!, messageId: panel.id });
    t.discord.advance(4_000);
    let unsubscribe = () => {};
    const moved = new Promise<void>((resolve) => (unsubscribe = t!.bot.store.subscribe(() => resolve())));
    await Promise.race([logged('an interaction came too late; not run'), moved]);
    unsubscribe();
    await t.bot.idle();
    expect(late.state).toBe('failed');
    expect(await version()).toBe(before);
    expect(lines.filter((l) => l.msg === 'interaction failed')).toEqual([]);
    expect(lines.filter((l) => l.msg === 'an interaction came too late; not run')).toHaveLength(1);
    // Made again, in time, it is the move.
    const again = await openPanel(t, who, tableMessage(t, who)!);
    await t.discord.click(who, { customId: pass!.customId!, messageId: again.id }).response();
    await t.bot.idle();
    expect(await version()).toBeGreaterThan(before);
  }, 60_000);

  it("a player's move the database will not save: they are told, the channel once that the game is paused, and once that it goes on", async () => {
    const p = await pauseTable();
    t = p.t;
    const { store, gameId, before, notices, told, decider, actUntil } = p;
    // Writes are refused (as a full disk or a read-only file would): the deciding player's moves fail.
    sqliteConnection(store.backend).sqlite.pragma('query_only = ON');
    await actUntil(() => told(decider()) >= 2);
    expect(told(decider())).toBe(2);
    expect((await store.state(gameId))!.version).toBe(before);
    expect(notices()).toEqual(['paused']);
    // Writes are taken again: the next move counts, and the channel is told the game goes on.
    sqliteConnection(store.backend).sqlite.pragma('query_only = OFF');
    await actUntil(async () => (await store.state(gameId))!.version !== before);
    expect((await store.state(gameId))!.version).toBeGreaterThan(before);
    expect(notices()).toEqual(['paused', 'resumed']);
  }, 120_000);

  it('a paused game waiting on the player told to click again is told it goes on once the database takes writes, without a move', async () => {
    const p = await pauseTable();
    t = p.t;
    const { store, gameId, before, notices, told, decider, actUntil } = p;
    sqliteConnection(store.backend).sqlite.pragma('query_only = ON');
    await actUntil(() => told(decider()) >= 1);
    expect(notices()).toEqual(['paused']);
    // The first try, a second later, finds writes still refused: nothing is said.
    t.clock.runUntil(t.clock.now() + PROBE_FIRST_MS);
    const retryAt = t.clock.now() + 2 * PROBE_FIRST_MS;
    await expect.poll(() => t!.clock.alarmTimes().includes(retryAt), { timeout: 10_000 }).toBe(true);
    expect(notices()).toEqual(['paused']);
    // Writes are taken again; nobody moves (the player waits to be told): the next try tells the channel.
    sqliteConnection(store.backend).sqlite.pragma('query_only = OFF');
    t.clock.runUntil(retryAt);
    await expect.poll(notices, { timeout: 10_000 }).toEqual(['paused', 'resumed']);
    expect((await store.state(gameId))!.version).toBe(before);
  }, 120_000);

  it('a channel message heard while the database cannot answer (a failover) is logged, never an unhandled rejection', async () => {
    const { lines, logged, log } = collectingLogger();
    t = await openBotTable(1, { log });
    t.bot.store.activeGameIn = () => Promise.reject(new Error('server login has been failing, try again later (server_login_retry)'));
    t.discord.say(t.users[0], t.general, '有人吗');
    await logged('a Discord event could not be handled');
    expect(lines.filter((l) => l.msg === 'a Discord event could not be handled')).toHaveLength(1);
  });

  it("a page of the database damaged while the bot runs: the hourly check finds it, says so once in the log and to the bot's owner by DM", async () => {
    const { lines, log } = collectingLogger();
    t = await openBotTable(2, { log });
    const [owner] = t.users;
    t.discord.setApplicationOwner(owner);
    const backend = t.bot.store.backend as SqliteBackend;
    expect(await backend.quickCheck()).toBe('ok');
    // Everything in the file itself (no page left in the WAL), then a page overwritten, as a disk fault would.
    const sqlite = sqliteConnection(backend).sqlite;
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const pageSize = Number(sqlite.pragma('page_size', { simple: true }));
    const fd = openSync(t.dbPath, 'r+');
    writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, pageSize);
    closeSync(fd);
    expect(await backend.quickCheck()).not.toBe('ok');
    expect(await backend.quickCheck()).not.toBe('ok');
    await t.bot.idle();
    expect(lines.filter((l) => l.msg.startsWith('the database file is damaged'))).toHaveLength(1);
    const dms = t.discord.seenBy(owner, { channel: t.discord.dmChannel(owner) }).filter((m) => m.author.bot);
    expect(dms.map((m) => m.content)).toEqual([expect.stringMatching(/^⚠️ 风声机器人的数据库文件损坏了（SQLite：.+）。请停止机器人，用最新的备份恢复/)]);
  }, 60_000);
});
