// One destination Discord holds holds nobody else (src/discord/outbound/lanes.ts): a player's DMs
// answering 429 with a 40-second Retry-After leave the table, the channel's pings and the other
// players' DMs going; a ping that waited out a rate limit past its decision is never posted.
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteConnection } from '../../src/store/sqlite.js';
import { advanceTo, gameOf, openBotTable, tableIsCurrent, tableMessage, type BotTable } from './harness.js';
import { openLobbyAndBegin } from './lobby.js';
import { actOnPanel, isOver, openPanel, peopleAsked, playToEnd } from './play.js';
import { seedRng } from '../../src/engine/rng.js';
import { HELD_MS } from '../../src/discord/outbound/lanes.js';
import { WATCHING_MS } from '../../src/discord/outbound/pings.js';

let t: BotTable | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const owedRows = (t: BotTable) =>
  sqliteConnection(t.bot.store.backend).sqlite.prepare('SELECT kind, target, purpose FROM outbox WHERE outcome IS NULL ORDER BY id').all() as {
    kind: string;
    target: string;
    purpose: string | null;
  }[];

describe('a destination Discord holds', () => {
  it("a player's DMs held by a 429 (Retry-After 40 s) hold neither the table, nor the pings, nor the others' DMs", async () => {
    t = await openBotTable(3);
    const [alice, bob] = t.users;
    const aliceDm = t.discord.dmChannel(alice).id;
    // From the game's first DM on (what each player is, their hand), alice's DM channel is held.
    t.discord.rateLimit({ method: 'POST', path: `/channels/${aliceDm}/messages`, count: 1_000, retryAfter: 40 });
    const bobDms = () => t!.discord.seenBy(bob).filter((m) => m.where === 'DM').length;
    const bobBefore = bobDms();
    await openLobbyAndBegin(t);
    const started = Date.now();
    const { steps } = await playToEnd(t, 11, { maxSteps: 12 });
    expect(steps).toBe(12);
    // Well within the 40 s: nothing waited for alice's DM channel.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await tableIsCurrent(t)).toBe(true);
    const held = owedRows(t);
    expect(held.length, 'alice still has DMs owed').toBeGreaterThan(0);
    expect(held.every((r) => r.target === alice.id), JSON.stringify(held)).toBe(true);
    expect(bobDms()).toBeGreaterThan(bobBefore);
    const limited = t.discord.world.requests.filter((r) => r.status === 429);
    // discord.js handed the 429 back to the lane, which waits: the DM was asked for once, not again and again.
    expect(limited.length).toBe(1);
  }, 120_000);

  it('a ping held by a rate limit past the end of its decision is dropped, not posted late', async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t, 3, { characters: false, timer: 600 });
    const gameId = await gameOf(t);
    // The channel's next message create is held (long enough to hold its lane: HELD_MS); the decision it pings for ends meanwhile.
    t.discord.rateLimit({ method: 'POST', path: `/channels/${t.general.id}/messages`, count: 1, retryAfter: HELD_MS / 1000 + 1 });
    const rng = seedRng(3);
    let pinged: string | undefined;
    for (let k = 0; k < 40 && !pinged; k++) {
      await t.bot.idle();
      pinged = owedRows(t).find((r) => r.purpose?.startsWith('ping:'))?.purpose ?? undefined;
      if (pinged) break;
      const [u] = await peopleAsked(t);
      if (!u) break;
      // Two minutes pass before each move (no alarm rings: the 10-minute timer is far off), so only
      // the mover is looking at a panel, and a decision of anyone else's pings.
      t.clock.t += WATCHING_MS + 1_000;
      await actOnPanel(t, u, await openPanel(t, u, tableMessage(t, u)!), rng);
    }
    expect(pinged, 'a ping is held').toBeDefined();
    const opened = Number(pinged!.split(':')[1]);
    // The decision it was for ends (its player acts) while the ping waits.
    for (let k = 0; k < 10 && t.bot.store.liveState(gameId)?.pending?.opened === opened; k++) {
      const [u] = await peopleAsked(t);
      await actOnPanel(t, u!, await openPanel(t, u!, tableMessage(t, u!)!), rng);
    }
    expect(t.bot.store.liveState(gameId)?.pending?.opened).not.toBe(opened);
    // The lane waits the 429 out, finds the ping stale and settles it (no request follows to wake a waitFor).
    await t.bot.publisher.drained();
    expect(owedRows(t).some((r) => r.purpose === pinged)).toBe(false);
    // Settled without being sent: no message carries its nonce.
    const row = sqliteConnection(t.bot.store.backend).sqlite.prepare('SELECT outcome, nonce FROM outbox WHERE purpose = ?').get(pinged) as { outcome: string; nonce: string };
    expect(row.outcome).toBe('sent');
    expect([...t.discord.world.messages.values()].filter((m) => m.nonce === row.nonce)).toEqual([]);
  }, 120_000);
});

describe('lanes after stop', () => {
  it('a kick after stop leaves no lane behind, so waiting for them to be idle ends (it spun for ever before, until out of memory)', async () => {
    const { Lanes } = await import('../../src/discord/outbound/lanes.js');
    const lanes = new Lanes(() => {});
    lanes.stop();
    let ran = false;
    await lanes.kick('to:1:channel', async () => {
      ran = true;
    });
    expect(ran).toBe(false);
    expect(lanes.busy).toBe(false);
    expect(lanes.load).toEqual({ working: 0, held: 0 });
    // Bounded by the microtask turns it may take, not by wall time: a spin would never resolve `idle`.
    let turns = 0;
    const spin = (async () => {
      while (turns < 10_000) {
        turns++;
        await null;
      }
      return 'spun';
    })();
    expect(await Promise.race([lanes.idle().then(() => 'idle'), spin])).toBe('idle');
  });

  it('a table posted anew while its game ends is given the finished table, buttons and all', async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t, 3, { characters: false });
    const gameId = await gameOf(t);
    const old = tableMessage(t, t.users[0])!;
    // Every message made in the channel fails (5xx) until the game is over: the table's new post waits on its back-off.
    t.discord.failMessages({ channelId: t.general.id, count: 100_000 });
    await t.discord.runCommand(t.users[0], t.general, 'fengsheng table').settled();
    await playToEnd(t, 5);
    expect(tableMessage(t, t.users[0])!.id).toBe(old.id);
    expect(owedRows(t).some((r) => r.purpose === 'table'), 'the new post is still owed').toBe(true);
    // Discord takes messages again; the post goes out at its next try.
    t.discord.world.messageFaults.length = 0;
    await advanceTo(t, t.clock.now() + 120_000);
    await t.bot.idle();
    const table = await t.discord.waitFor(() => {
      const m = tableMessage(t!, t!.users[0]);
      return m && m.id !== old.id && m.buttons.length > 0 ? m : undefined;
    });
    expect(isOver(table!)).toBe(true);
    expect(table!.id).toBe((await t.bot.store.game(gameId))!.tableMessageId);
    // The old one says where the table went, without buttons.
    expect(t.discord.seenBy(t.users[0], { channel: t.general }).find((m) => m.id === old.id)!.buttons).toHaveLength(0);
  }, 120_000);
});

