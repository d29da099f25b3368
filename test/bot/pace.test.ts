// The table's pace (docs/rules.md §8b) through the real client and the stand-in: response windows
// on a clock, automatic passes, pings that notify only the one whose decision it is, panels that
// update themselves, and bot seats deciding together.
import { afterEach, describe, expect, it } from 'vitest';
import { decider, defaultAction, isResponseWindow, waitingOn } from '../../src/engine/index.js';
import { HOLD_COMMITS_MS } from '../../src/discord/outbound/outbox-sender.js';
import { WELCOME_GRACE_MS } from '../../src/discord/outbound/owed.js';
import { PANEL_GRACE_MS, WARN_BEFORE_MS, WATCHING_MS } from '../../src/discord/outbound/pings.js';
import { TOKEN_LIFETIME_MS, type ManualClock, type UserRecord } from '../support/discord/index.js';
import { advanceTo, allText, gameOf, openBotTable, tableMessage, type BotTable } from './harness.js';
import { openLobbyAndBegin } from './lobby.js';
import { answerOwn, stepPeople } from './people.js';
import { lastPanel, openPanel, peopleAsked, playToEnd } from './play.js';

let t: BotTable | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Notifications a user got from the game's channel (DMs notify too, but are not pings). */
const channelPings = (t: BotTable, userId: string) => t.discord.notificationsFor(userId).filter((n) => n.channelId === t.general.id);

describe('response windows, pings and panels', () => {
  it('a turn in which a player does nothing costs them no click; windows close by themselves or on their clock; nobody asked is ever named', async () => {
    t = await openBotTable(4, { aiDelayMs: 1500 });
    const host = t.users[0];
    const lobby = await t.discord.runCommand(host, t.general, 'fengsheng start', { characters: false }).response();
    for (const u of t.users.slice(1)) await t.discord.click(u, { label: '加入', messageId: lobby.id }).response();
    await t.discord.click(host, { label: '添加AI', messageId: lobby.id }).response();
    await t.discord.click(host, { label: '开始', messageId: lobby.id }).response();
    const gameId = await gameOf(t);
    const info = (await t.bot.store.game(gameId))!;
    expect(info.windowMs).toBe(8_000);

    const names = (await t.bot.store.seats(gameId)).map((s) => s.name);
    const clicksInTurn = new Map<string, number>();
    const ownInTurn = new Set<string>();
    let turns = 0;
    let idlePersonTurns = 0;
    let clockClosed = 0;
    let windows = 0;
    let lastTurn = '';
    for (let k = 0; k < 800 && turns < 10; k++) {
      await t.bot.idle();
      const s = (await t.bot.store.state(gameId))!;
      if (s.result) break;
      const turn = `${s.round}:${s.current}`;
      if (turn !== lastTurn) {
        // A turn ended: every person with no decision of their own in it clicked nothing.
        if (lastTurn) {
          for (const u of t.users) {
            if (ownInTurn.has(u.id)) continue;
            idlePersonTurns++;
            expect(clicksInTurn.get(u.id) ?? 0, `${u.username} clicked in a turn that asked nothing of them`).toBe(0);
          }
          turns++;
        }
        lastTurn = turn;
        clicksInTurn.clear();
        ownInTurn.clear();
      }
      const own = decider(s);
      if (own !== null && (await t.bot.store.seats(gameId))[own].userId) ownInTurn.add((await t.bot.store.seats(gameId))[own].userId!);
      if (isResponseWindow(s)) {
        // The table shows the window and its clock, never who may still answer.
        const table = tableMessage(t, host)!;
        expect(table.content).toMatch(/响应窗口|Response window/);
        expect(table.content).not.toMatch(/<@/);
        for (const n of names) expect(table.content).not.toContain(n);
        expect(table.buttons.map((b) => b.label).join(' ')).not.toMatch(new RegExp(names.join('|')));
        // No public message names anyone as asked either (pings are only for decisions of one's own).
        const visible = t.discord.seenBy(host, { channel: t.general }).filter((m) => !m.ephemeral && !/大厅|Lobby/.test(m.embeds[0]?.title ?? ''));
        for (const m of visible) expect(m.content, allText(m)).not.toMatch(/<@/);
        expect(s.pending!.deadline! - t.clock.now()).toBeLessThanOrEqual(8_000);
      }
      const opened = s.pending?.opened;
      const step = await stepPeople(t, 'idle');
      if (!step) break;
      if (step.clicked) clicksInTurn.set(step.clicked.id, (clicksInTurn.get(step.clicked.id) ?? 0) + 1);
      if (step.responseWindow) {
        windows++;
        const last = (await t.bot.store.repos.games.log(gameId)).filter((r) => r.version > step.version);
        if (last.some((r) => JSON.parse(r.action).kind === 'timeout')) {
          clockClosed++;
          // It ran out 8 s after it opened (or after the last card was added).
          expect(step.waitedMs).toBeLessThanOrEqual(8_000);
        }
        expect((await t.bot.store.state(gameId))!.pending?.opened === opened && isResponseWindow((await t.bot.store.state(gameId))!)).toBe(false);
      }
    }
    expect(turns).toBe(10);
    expect(idlePersonTurns).toBeGreaterThan(0);
    // Some windows waited for their clock (someone could answer), others closed at once.
    expect(clockClosed).toBeGreaterThan(0);
    const passes = (await t.bot.store.repos.games.log(gameId)).filter((r) => JSON.parse(r.action).kind === 'pass');
    expect(passes.length).toBeGreaterThan(windows);
    // Nobody was pinged for a response window: every ping in the channel names a decision of one's own.
    for (const u of t.users) for (const n of channelPings(t, u.id)) expect(n.content).toMatch(/轮到你|your move|还剩|left:/);
  }, 300_000);

  it('a restart in the middle of a response window resumes it with its clock where it was', async () => {
    t = await openBotTable(4);
    await openLobbyAndBegin(t, 4, { characters: false });
    const gameId = await gameOf(t);
    // On to a response window that someone could still answer (so it waits for its clock).
    for (let k = 0; k < 200; k++) {
      const s = (await t.bot.store.state(gameId))!;
      if (isResponseWindow(s) && (await peopleAsked(t)).length) break;
      await stepPeople(t, 'idle');
    }
    const before = (await t.bot.store.state(gameId))!;
    expect(isResponseWindow(before) && (await peopleAsked(t)).length > 0).toBe(true);
    const deadline = before.pending!.deadline!;
    expect(deadline - t.clock.now()).toBeLessThanOrEqual(8_000);
    await t.restart();
    const after = (await t.bot.store.state(gameId))!;
    expect(after.version).toBe(before.version);
    expect(after.pending!.deadline).toBe(deadline);
    await advanceTo(t, deadline);
    const closed = (await t.bot.store.state(gameId))!;
    expect(closed.pending?.opened).not.toBe(before.pending!.opened);
    expect(JSON.parse((await t.bot.store.repos.games.log(gameId)).find((r) => r.version === before.version + 1)!.action).kind).toBe('timeout');
  }, 120_000);

  it('the player whose decision it is gets exactly one notifying message, then the warning, and nobody else does', async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t, 3, { characters: false });
    const gameId = await gameOf(t);
    const seats = await t.bot.store.seats(gameId);
    const counts = () => new Map(t!.users.map((u) => [u.id, channelPings(t!, u.id).length]));
    const since = (before: Map<string, number>, id: string) => channelPings(t!, id).slice(before.get(id));
    // Step on until a decision of one person's own opens that no click of theirs led to.
    let owner: (typeof t.users)[number] | undefined;
    for (let k = 0; k < 80 && !owner; k++) {
      const before = counts();
      const step = await stepPeople(t, 'idle');
      if (!step) break;
      const s = (await t.bot.store.state(gameId))!;
      const own = decider(s);
      const person = own === null ? undefined : t.users.find((u) => u.id === seats[own].userId);
      if (!person) {
        for (const u of t.users) expect(since(before, u.id), `${u.username} pinged with no decision of theirs`).toHaveLength(0);
        continue;
      }
      if (step.clicked?.id === person.id) {
        // They just acted and their panel shows what comes next: no ping.
        for (const u of t.users) expect(since(before, u.id)).toHaveLength(0);
        continue;
      }
      owner = person;
      expect(since(before, person.id)).toHaveLength(1);
      expect(since(before, person.id)[0].content).toContain(`<@${person.id}>`);
      for (const u of t.users) if (u.id !== person.id) expect(since(before, u.id), u.username).toHaveLength(0);
    }
    expect(owner).toBeDefined();
    // Shortly before the timer runs out: the warning, to the owner alone, replacing the first ping.
    const s = (await t.bot.store.state(gameId))!;
    const first = channelPings(t, owner!.id).at(-1)!;
    const before = counts();
    await advanceTo(t, s.pending!.deadline! - WARN_BEFORE_MS);
    expect((await t.bot.store.state(gameId))!.pending!.opened).toBe(s.pending!.opened);
    expect(since(before, owner!.id)).toHaveLength(1);
    expect(since(before, owner!.id)[0].content).toMatch(/还剩|left/);
    expect(t.discord.world.messages.get(first.messageId)!.deleted).toBe(true);
    for (const u of t.users) if (u.id !== owner!.id) expect(since(before, u.id), u.username).toHaveLength(0);
  }, 120_000);

  it("a ping on its way to Discord holds the answer that ends its decision (so it never lands after it), for at most HOLD_COMMITS_MS", async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t, 3, { characters: false });
    const gameId = await gameOf(t);
    const seats = await t.bot.store.seats(gameId);
    // Steps on until a person's own decision waits on them, one no click of theirs led to (so they are pinged, and warned).
    const awayOwner = async (k = 0): Promise<void> => {
      const step = await stepPeople(t!, 'idle');
      const own = decider((await t!.bot.store.state(gameId))!);
      if (own !== null && seats[own].userId && step?.clicked?.id !== seats[own].userId) return;
      if (k < 80) return awayOwner(k + 1);
      throw new Error('no decision of a person who is away');
    };
    await awayOwner();
    const turns = async (n: number) => {
      for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
    };
    const order: string[] = [];
    const unsubscribe = t.bot.store.subscribe(() => order.push('commit'));
    const answer = async () => {
      const s = (await t!.bot.store.state(gameId))!;
      const seat = decider(s)!;
      return t!.bot.store.submit(gameId, defaultAction(s, seat)!);
    };
    // Its warning is on its way (Discord slow to take it) when the player answers.
    const s = (await t.bot.store.state(gameId))!;
    const slow = t.discord.holdNext({ method: 'POST', path: `/channels/${t.general.id}/messages` });
    t.clock.runUntil(s.pending!.deadline! - WARN_BEFORE_MS);
    await slow.arrived;
    const answered = answer();
    // Without the hold the answer commits within a few turns of the event loop (SQLite answers at once).
    await turns(50);
    order.push('warning posted');
    slow.release();
    expect((await answered).ok).toBe(true);
    expect(order.slice(0, 2)).toEqual(['warning posted', 'commit']);
    await t.bot.idle();

    // A request Discord never answers holds the game's next answer no longer than HOLD_COMMITS_MS.
    await awayOwner();
    order.length = 0;
    const stuck = t.discord.holdNext({ method: 'POST', path: `/channels/${t.general.id}/messages` });
    t.clock.runUntil((await t.bot.store.state(gameId))!.pending!.deadline! - WARN_BEFORE_MS);
    await stuck.arrived;
    const next = answer();
    await turns(50);
    expect(order).toEqual([]);
    t.clock.runUntil(t.clock.now() + HOLD_COMMITS_MS);
    expect((await next).ok).toBe(true);
    expect(order[0]).toBe('commit');
    unsubscribe();
    stuck.release();
  }, 120_000);

  it('a decision whose player clicked their panel lately pings nobody; the warning goes only to whoever has not clicked since the decision became theirs', async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t, 3, { characters: false });
    const gameId = await gameOf(t);
    const seats = await t.bot.store.seats(gameId);
    const pings = () => t!.users.map((u) => channelPings(t!, u.id).length).reduce((a, b) => a + b);
    /** Plays through the panels until a decision of one person's own opens that someone else's click led to; its owner. */
    const nextOwn = async () => {
      for (let k = 0; k < 80; k++) {
        const step = await stepPeople(t!, 'idle');
        expect(step).not.toBeNull();
        const own = decider((await t!.bot.store.state(gameId))!);
        const owner = own === null ? undefined : t!.users.find((u) => u.id === seats[own].userId);
        if (owner && step!.clicked && step!.clicked.id !== owner.id) return owner;
      }
      throw new Error('no decision of one person opened by another');
    };
    // Everyone looks at their panel now: whatever becomes theirs shows there, and nobody is pinged.
    for (const u of t.users) await openPanel(t, u, tableMessage(t, u)!);
    const quiet = pings();
    const owner = await nextOwn();
    expect(pings(), 'nobody pinged while everyone looks at their panel').toBe(quiet);
    // The owner clicks their panel after the decision became theirs: no warning either.
    await openPanel(t, owner, tableMessage(t, owner)!);
    const s = (await t.bot.store.state(gameId))!;
    await advanceTo(t, s.pending!.deadline! - WARN_BEFORE_MS);
    expect((await t.bot.store.state(gameId))!.pending!.opened).toBe(s.pending!.opened);
    expect(pings(), 'no warning for a player who clicked since').toBe(quiet);
    // Two minutes later nobody has looked lately, but every panel is still open and shows the next
    // decision: its owner is pinged alone, PANEL_GRACE_MS later, as they did not answer or click; and
    // the warning comes to them alone, as they did not click since.
    t.clock.t += WATCHING_MS;
    const each = new Map(t.users.map((u) => [u.id, channelPings(t!, u.id).length]));
    const clicked = new Set<string>();
    let later: (typeof t.users)[number] | undefined;
    for (let k = 0; k < 80 && !later; k++) {
      const step = await stepPeople(t, 'idle');
      expect(step).not.toBeNull();
      if (step!.clicked) clicked.add(step!.clicked.id);
      const own = decider((await t.bot.store.state(gameId))!);
      later = own === null ? undefined : t.users.find((u) => u.id === seats[own].userId && !clicked.has(u.id));
    }
    if (!later) throw new Error('no decision of one who had not clicked for two minutes');
    expect(channelPings(t, later.id).length, 'the open panel shows it first').toBe(each.get(later.id)!);
    await advanceTo(t, t.clock.now() + PANEL_GRACE_MS);
    expect(channelPings(t, later.id).length).toBe(each.get(later.id)! + 1);
    for (const u of t.users) if (u.id !== later.id) expect(channelPings(t, u.id).length, u.username).toBe(each.get(u.id));
    const s2 = (await t.bot.store.state(gameId))!;
    const beforeWarn = pings();
    await advanceTo(t, s2.pending!.deadline! - WARN_BEFORE_MS);
    expect(channelPings(t, later.id).at(-1)!.content).toMatch(/还剩|left/);
    expect(pings()).toBe(beforeWarn + 1);
  }, 120_000);

  it('a DM of secrets alone is not sent to a player looking at their panel, which shows it; it is to one who has not clicked for two minutes', async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t, 3);
    const gameId = await gameOf(t);
    await t.bot.idle();
    const [alice] = t.users;
    const seat = t.bot.sessions.users.of(gameId).indexOf(alice.id);
    const dms = () => t!.discord.seenBy(alice).filter((m) => m.where === 'DM').map((m) => m.content);
    const owe = async (content: string) => {
      await t!.bot.store.owe([{ gameId, kind: 'dm', target: alice.id, body: { content }, purpose: `secret:${seat}` }]);
      await t!.bot.publisher.deliver(gameId);
      await t!.bot.idle();
    };
    await openPanel(t, alice, tableMessage(t, alice)!);
    await owe('secret one');
    expect(dms()).not.toContain('secret one');
    await advanceTo(t, t.clock.now() + WATCHING_MS + 1000);
    await owe('secret two');
    expect(dms()).toContain('secret two');
  }, 60_000);

  it("a game's first DM waits WELCOME_GRACE_MS, and goes only to whoever has not opened their panel by then (which shows all it says)", async () => {
    t = await openBotTable(3, {}, { welcomeMs: WELCOME_GRACE_MS });
    await openLobbyAndBegin(t, 3);
    const [alice, bob, carol] = t.users;
    const dms = (u: UserRecord) => t!.discord.seenBy(u).filter((m) => m.where === 'DM').map((m) => m.content);
    expect(t.users.map((u) => dms(u).length)).toEqual([0, 0, 0]);
    const panel = await openPanel(t, alice, tableMessage(t, alice)!);
    expect(JSON.stringify(panel)).toMatch(/身份：/);
    await advanceTo(t, t.clock.now() + WELCOME_GRACE_MS - 1000);
    expect(t.users.map((u) => dms(u).length)).toEqual([0, 0, 0]);
    await advanceTo(t, t.clock.now() + 2000);
    expect(dms(alice)).toEqual([]);
    expect(dms(bob).join('\n')).toMatch(/A game of 风声 began[\s\S]*Your identity is/);
    expect(dms(carol).join('\n')).toMatch(/风声开局了[\s\S]*你的身份是/);
  }, 60_000);

  it('a first DM still waiting holds back no later DM to the same player (a ping by DM goes at once); a DM in back-off still does', async () => {
    t = await openBotTable(3, {}, { welcomeMs: WELCOME_GRACE_MS });
    await openLobbyAndBegin(t, 3);
    const gameId = await gameOf(t);
    const bob = t.users[1];
    const dms = () => t!.discord.seenBy(bob).filter((m) => m.where === 'DM').map((m) => m.content);
    await t.bot.store.owe([{ gameId, kind: 'dm', target: bob.id, body: { content: 'at once' } }]);
    await t.bot.publisher.deliver(gameId);
    await t.bot.idle();
    expect(dms()).toEqual(['at once']);
    await advanceTo(t, t.clock.now() + WELCOME_GRACE_MS + 1000);
    expect(dms()).toHaveLength(2);
    expect(dms()[1]).toMatch(/A game of 风声 began/);
  }, 60_000);

  it('DMs come at the start, for what another player did to one alone, and at the end to whoever is not looking at their panel, which says how they did; draws, sends and discards are in the panel', async () => {
    t = await openBotTable(4);
    await openLobbyAndBegin(t, 4, { characters: true });
    await playToEnd(t, 17);
    const worthy = /你的身份是|抽走了你的手牌|交给你：|对你使用了试探|你看到了|Your identity is|took from your hand|gave you:|used 试探 on you|You saw/;
    const over = /本局结束|The game is over/;
    let middle = 0;
    let byPanel = 0;
    for (const u of t.users) {
      const dms = t.discord.seenBy(u).filter((m) => m.where === 'DM');
      expect(dms[0].content).toMatch(/风声|began/);
      // How they did: in a last DM, or (clicked lately) in the panel they are looking at, whose last refresh says it.
      const panel = lastPanel(t, u);
      const told = over.test(dms.at(-1)!.content);
      if (!told) {
        byPanel++;
        expect(allText(panel!), `${u.username}: told how they did`).toMatch(over);
      }
      for (const dm of dms.slice(1, told ? -1 : undefined)) {
        middle++;
        expect(dm.content, `${u.username}: a DM with nothing only they could learn`).toMatch(worthy);
      }
    }
    // The last to act clicked their panel a moment ago.
    expect(byPanel).toBeGreaterThan(0);
    console.log('DMs between the first and the last, 4 players, one game:', middle, '; told the result by their panel alone:', byPanel);
  }, 180_000);

  it('pings go by DM where the server chose that', async () => {
    t = await openBotTable(3);
    await t.bot.store.updateGuildSettings(t.guild.id, { pings: 'dm' });
    await openLobbyAndBegin(t, 3, { characters: false });
    const gameId = await gameOf(t);
    for (let k = 0; k < 80; k++) {
      const s = (await t.bot.store.state(gameId))!;
      const own = decider(s);
      if (own !== null && s.pending!.kind !== 'window') break;
      await stepPeople(t, 'idle');
    }
    for (const u of t.users) expect(channelPings(t, u.id)).toHaveLength(0);
    const own = decider((await t.bot.store.state(gameId))!)!;
    const dms = t.discord.notificationsFor((await t.bot.store.seats(gameId))[own].userId!).filter((n) => n.channelId !== t!.general.id);
    expect(dms.at(-1)!.content).toMatch(/轮到你|your move/);
    // A DM has no button under it: it points to the table's.
    expect(dms.at(-1)!.content).not.toMatch(/按下方|below/);
    expect(dms.at(-1)!.content).toMatch(/到牌桌上按「我的信息」|My info on the table/);
  }, 120_000);

  it('where pings go by DM, a player whose DMs are closed is pinged in the channel instead', async () => {
    t = await openBotTable(3);
    await t.bot.store.updateGuildSettings(t.guild.id, { pings: 'dm' });
    for (const u of t.users) t.discord.closeDms(u);
    await openLobbyAndBegin(t, 3, { characters: false });
    const gameId = await gameOf(t);
    const seats = await t.bot.store.seats(gameId);
    for (let k = 0; k < 80; k++) {
      const s = (await t.bot.store.state(gameId))!;
      const own = decider(s);
      if (own !== null && s.pending!.kind !== 'window' && k > 0) break;
      await stepPeople(t, 'idle');
    }
    await t.bot.idle();
    const own = decider((await t.bot.store.state(gameId))!)!;
    const owner = seats[own].userId!;
    // Their DMs never arrive; the channel mentions them for their decisions.
    expect(t.discord.notificationsFor(owner).filter((n) => n.channelId !== t!.general.id)).toEqual([]);
    expect(channelPings(t, owner).filter((n) => /轮到你|your move/.test(n.content)).length).toBeGreaterThan(0);
  }, 120_000);

  it('an open panel shows the next decision without a click; a panel past 15 minutes is not edited and the ping says to reopen it', async () => {
    t = await openBotTable(3);
    await openLobbyAndBegin(t, 3, { characters: false });
    const gameId = await gameOf(t);
    const seats = await t.bot.store.seats(gameId);
    // Everyone opens their panel once, now.
    const panels = new Map<string, string>();
    for (const u of t.users) panels.set(u.id, (await openPanel(t, u, tableMessage(t, u)!)).id);
    // Play on, clicking only through the panels already open, until a person other than the one who
    // acted last is asked something: their open panel already shows it.
    let shown = 0;
    for (let k = 0; k < 80 && shown < 3; k++) {
      const s = (await t.bot.store.state(gameId))!;
      if (s.result) break;
      const asked = await peopleAsked(t);
      for (const u of asked) {
        const panel = t.discord.seenBy(u).find((m) => m.id === panels.get(u.id))!;
        expect(panel, `${u.username}'s panel`).toBeDefined();
        const seat = seats.findIndex((x) => x.userId === u.id);
        if (!waitingOn(s).includes(seat)) continue;
        // The open panel offers what the engine asks of this seat now, made for this decision.
        const ids = [...panel.buttons.map((b) => b.customId ?? ''), ...panel.selects.map((x) => x.customId)];
        expect(ids.some((id) => id.split(':')[2] === String(s.pending!.opened)), `${u.username}'s panel is behind: ${ids.join(' ')}`).toBe(true);
        shown++;
      }
      const u = asked[0];
      if (u) await answerOwn(t, u, t.discord.seenBy(u).find((m) => m.id === panels.get(u.id))!);
      else await stepPeople(t, 'idle');
      await t.bot.idle();
    }
    console.log('panels that showed a decision by themselves', shown);
    expect(shown).toBeGreaterThanOrEqual(3);

    // 15 minutes on, the tokens are dead: the bot stops editing, and the next ping says to reopen.
    (t.discord.clock as ManualClock).advance(TOKEN_LIFETIME_MS);
    t.clock.t += TOKEN_LIFETIME_MS;
    for (let k = 0; k < 60; k++) {
      const s = (await t.bot.store.state(gameId))!;
      if (s.result) break;
      const before = t.users.map((u) => channelPings(t!, u.id).length);
      await stepPeople(t, 'idle');
      const fresh = t.users.flatMap((u, i) => channelPings(t!, u.id).slice(before[i]));
      if (fresh.some((n) => /轮到你|your move/.test(n.content))) {
        expect(fresh.find((n) => /轮到你|your move/.test(n.content))!.content).toMatch(/按下方「我的信息」|press My info/);
        return;
      }
    }
    throw new Error('no ping after the panels expired');
  }, 180_000);

  it('a 9-player table with 8 AI seats plays its turns in about the time of a table with 1', async () => {
    const turnOf = async (people: number): Promise<{ ms: number; shown: number; windows: number }> => {
      t = await openBotTable(people, { aiDelayMs: 1500 });
      const host = t.users[0];
      const lobby = await t.discord.runCommand(host, t.general, 'fengsheng start', { characters: false }).response();
      for (const u of t.users.slice(1)) await t.discord.click(u, { label: '加入', messageId: lobby.id }).response();
      for (let k = people; k < 9; k++) await t.discord.click(host, { label: '添加AI', messageId: lobby.id }).response();
      await t.discord.click(host, { label: '开始', messageId: lobby.id }).response();
      const gameId = await gameOf(t);
      const ai = new Set(t.bot.drivers.aiSeats(gameId));
      const start = t.clock.now();
      let windows = 0;
      let turns = 0;
      let turn = '';
      // Three turns; the people answer at once: their own decisions, and 过 in every window they are asked in.
      for (let k = 0; k < 2000; k++) {
        const s = (await t.bot.store.state(gameId))!;
        if (`${s.round}:${s.current}` !== turn) {
          turn = `${s.round}:${s.current}`;
          if (++turns > 3) break;
        }
        if (s.result) break;
        const step = await stepPeople(t, 'pass');
        if (step?.responseWindow) windows++;
      }
      const ms = t.clock.now() - start;
      const log = await t.bot.store.repos.games.log(gameId);
      const shown = log.filter((r) => r.seat !== null && ai.has(r.seat) && ['play', 'skill', 'send', 'decide'].includes(JSON.parse(r.action).kind)).length;
      await t.close();
      t = undefined;
      return { ms, shown, windows };
    };
    const eight = await turnOf(1);
    const one = await turnOf(8);
    console.log('turn with 8 AI seats', eight, 'with 1', one);
    // A bot seat costs one pause per thing it shows, never one per seat per window.
    expect(eight.ms).toBeLessThanOrEqual(1500 * eight.shown);
    expect(one.ms).toBeLessThanOrEqual(1500 * one.shown);
    expect(eight.windows).toBeGreaterThan(0);
    // (Waiting for each AI seat in turn, as before, cost 8 × 1.5 s in every window.)
    expect(eight.ms / eight.windows).toBeLessThan(1500);
    expect(eight.ms).toBeLessThanOrEqual(one.ms + 1500 * Math.max(0, eight.shown - one.shown));
  }, 300_000);
});
