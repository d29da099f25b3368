// The Activity's server without a browser: the sign-in (code → token → /users/@me), where a viewer is
// (the Activity instance's channel as Discord has it, never the page's word), who may watch what, and a
// move refused with the engine's own reason. Through its socket, as the page talks to it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { decider, legalActions, waitingOn, type GameState } from '../../src/engine/index.js';
import { t as t_ } from '../../src/i18n/index.js';
import type { PageMessage, ServerMessage } from '../../src/activity/protocol.js';
import type { UserRecord } from '../support/discord/index.js';
import { advanceTo, gameOf } from '../bot/harness.js';
import { stepPeople } from '../bot/people.js';
import { openLobbyAndBegin } from '../bot/lobby.js';
import { openActivityTable, type ActivityTable } from './harness.js';

interface Sock {
  ws: WebSocket;
  got: ServerMessage[];
  closed: Promise<number>;
  next(pred: (m: ServerMessage) => boolean): Promise<ServerMessage>;
  send(m: PageMessage): void;
}

describe('the Activity server', () => {
  let t: ActivityTable;
  let outsider: UserRecord;
  beforeAll(async () => {
    t = await openActivityTable(5);
    outsider = t.discord.createUser({ username: 'mallory' });
    await openLobbyAndBegin(t, 4);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const base = () => `http://127.0.0.1:${t.port}`;
  const token = async (user: UserRecord) => {
    const res = await fetch(`${base()}/api/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: t.discord.authorize(user) }) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  };
  const open = (hello: PageMessage): Sock => {
    const ws = new WebSocket(`ws://127.0.0.1:${t.port}/ws`);
    const got: ServerMessage[] = [];
    const waiters: (() => void)[] = [];
    ws.on('message', (d) => {
      got.push(JSON.parse(d.toString()) as ServerMessage);
      for (const w of waiters.splice(0)) w();
    });
    ws.on('open', () => ws.send(JSON.stringify(hello)));
    const closed = new Promise<number>((ok) => ws.on('close', (code) => ok(code)));
    return {
      ws,
      got,
      closed,
      send: (m) => ws.send(JSON.stringify(m)),
      next: (pred) =>
        new Promise((ok, fail) => {
          const look = () => {
            const m = got.find(pred);
            if (m) return ok(m);
            if (ws.readyState === ws.CLOSED) return fail(new Error('closed'));
            waiters.push(look);
          };
          look();
          void closed.then(() => fail(new Error('closed')));
        }),
    };
  };
  /** The hello of `user`'s page, opened in #general (the user joins the instance running there). */
  const hello = (tok: string, user?: UserRecord): PageMessage => ({ t: 'hello', token: tok, instance: user ? t.discord.launchActivity(user, t.general) : 'i-1-gc-1-1' });

  it('a code is good once; a made-up code or token is refused (the socket closes 4001)', async () => {
    const code = t.discord.authorize(t.users[0]);
    const post = (c: string) => fetch(`${base()}/api/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: c }) });
    expect((await post(code)).status).toBe(200);
    expect((await post(code)).status).toBe(401);
    expect((await post('made-up')).status).toBe(401);
    const s = open(hello('not-a-token'));
    expect(await s.closed).toBe(4001);
  });

  it('a player is shown their own seat; a member who does not play, the public view; someone outside the server, nothing', async () => {
    const alice = open(hello(await token(t.users[0]), t.users[0]));
    const f = await alice.next((m) => m.t === 'frame');
    expect(f.t === 'frame' && f.seat).toBe(0);
    expect(f.t === 'frame' && f.hand.length).toBeGreaterThan(0);
    const erin = open(hello(await token(t.users[4]), t.users[4]));
    const g = await erin.next((m) => m.t === 'frame');
    expect(g.t === 'frame' && [g.seat, g.hand.length, g.actions.length, g.view.hand]).toEqual([null, 0, 0, undefined]);
    // A spectator's move is refused.
    erin.send({ t: 'act', opened: g.t === 'frame' ? (g.view.pending?.opened ?? 0) : 0, action: { kind: 'pass', seat: 0 } });
    expect(await erin.next((m) => m.t === 'refused')).toMatchObject({ text: '这不是你的座位。' });
    // Mallory is in no instance of the server's: whatever instance her page names, Discord does not list her.
    const mallory = open({ t: 'hello', token: await token(outsider), instance: t.discord.launchActivity(t.users[0], t.general) });
    expect(await mallory.closed).toBe(4004);
    alice.ws.close();
    erin.ws.close();
  });

  it("a move the engine refuses comes back with the engine's reason; a stale one says the game moved on; a move for another seat is refused", async () => {
    const gameId = await gameOf(t);
    const state = (await t.bot.store.state(gameId))!;
    const seat = state.current;
    const user = t.users.find((u) => u.id === t.bot.users.of(gameId)[seat])!;
    const s = open(hello(await token(user), user));
    const f = await s.next((m) => m.t === 'frame');
    const opened = state.pending!.opened;
    // A card of someone else's hand, played as this seat: not the seat's to play.
    const other = state.players[(seat + 1) % state.players.length].hand[0];
    expect(legalActions(state, seat).some((a) => a.kind === 'play' && a.card === other)).toBe(false);
    s.send({ t: 'act', opened, action: { kind: 'play', seat, card: other } });
    const refused = await s.next((m) => m.t === 'refused');
    // The engine's refusal (notInHand), in the viewer's language.
    const l = f.t === 'frame' ? f.locale : 'zh-CN';
    expect(refused.t === 'refused' && refused.text).toBe(t_(l, 'err.refused', { reason: t_(l, 'refusal.notInHand') }));
    s.send({ t: 'act', opened: opened - 1, action: { kind: 'pass', seat } });
    await s.next((m) => m.t === 'refused' && m.text === t_(l, 'act.stale'));
    s.send({ t: 'act', opened, action: { kind: 'pass', seat: (seat + 1) % 4 } });
    await s.next((m) => m.t === 'refused' && m.text === t_(l, 'err.notYourSeat'));
    expect((await t.bot.store.state(gameId))!.version).toBe(state.version);
    expect(f.t === 'frame' && f.seat).toBe(seat);
    s.ws.close();
  });

  it('a player with the Activity open is not pinged for a decision of theirs (the page shows it); with it closed, the warning comes', async () => {
    const gameId = await gameOf(t);
    const users = t.bot.users.of(gameId);
    // A player who never opens a panel: their moves go through the page.
    const u = t.users.find((x) => users.indexOf(x.id) > 0)!;
    const seat = users.indexOf(u.id);
    const pings = () => t.discord.notificationsFor(u.id).filter((n) => n.channelId === t.general.id).length;
    const s = open(hello(await token(u), u));
    await s.next((m) => m.t === 'frame');
    // Theirs to answer: their own decisions (their 出牌阶段 too) and their character.
    const mine = (st: GameState) => !st.result && (decider(st) === seat || (st.pending?.kind === 'chooseCharacter' && waitingOn(st).includes(seat)));
    let checked = false;
    for (let k = 0; k < 300 && !checked; k++) {
      const st = (await t.bot.store.state(gameId))!;
      if (st.result) break;
      if (mine(st)) {
        // Answered from the page, as the player would.
        s.send({ t: 'act', opened: st.pending!.opened, action: legalActions(st, seat)[0] });
        await s.next((m) => m.t === 'frame' && m.view.version > st.version);
        await t.bot.idle();
        continue;
      }
      const before = pings();
      await stepPeople(t, 'idle');
      const now = (await t.bot.store.state(gameId))!;
      if (decider(now) !== seat) continue;
      // A decision of theirs that another's move or a clock opened: shown on the page, nobody pinged.
      expect(pings(), 'pinged while the page is open').toBe(before);
      // The page closes: the warning before the timer runs out comes, as they have not looked since.
      s.ws.close();
      await s.closed;
      await t.bot.idle();
      await advanceTo(t, now.pending!.deadline! - 1000);
      expect((await t.bot.store.state(gameId))!.pending!.opened).toBe(now.pending!.opened);
      expect(pings()).toBe(before + 1);
      checked = true;
    }
    expect(checked, 'a decision of theirs opened by another').toBe(true);
  }, 120_000);

  it("the channel is the instance's as Discord has it: a page's claim of another channel, an instance it is not in, an unknown or ended one are refused", async () => {
    const [, bob, carol, dave] = t.users;
    const general = t.discord.launchActivity(t.users[0], t.general);
    // Ivy is in the server and sees #general, but has not opened the Activity there.
    const ivy = t.discord.createUser({ username: 'ivy' });
    t.discord.addMember(t.guild, ivy);
    const reads = () => t.discord.world.requests.filter((r) => r.path.includes('/activity-instances/'));
    const before = reads().length;
    // Ivy opened the Activity in #side (no game there); her page claims #general (the old hello's
    // fields): she is shown #side, never #general's game.
    const side = t.discord.createChannel(t.guild, 'side');
    const forged = open({ t: 'hello', token: await token(ivy), instance: t.discord.launchActivity(ivy, side), guild: t.guild.id, channel: t.general.id } as PageMessage);
    expect(await forged.next((m) => m.t === 'none' || m.t === 'frame')).toMatchObject({ t: 'none' });
    expect(forged.got.some((m) => m.t === 'frame')).toBe(false);
    forged.ws.close();
    // …nor by naming #general's instance, which she has not joined: Discord does not list her (4004).
    const notJoined = open({ t: 'hello', token: await token(ivy), instance: general });
    expect(await notJoined.closed).toBe(4004);
    // A hello with a channel and no instance (the page's word alone) is refused as malformed.
    const claim = open({ t: 'hello', token: await token(bob), guild: t.guild.id, channel: t.general.id } as unknown as PageMessage);
    expect(await claim.closed).toBe(4002);
    // An instance id Discord does not know (404), and one that ended when its last user left.
    const madeUp = open({ t: 'hello', token: await token(bob), instance: `i-1-gc-${t.guild.id}-${t.general.id}` });
    expect(await madeUp.closed).toBe(4004);
    const lone = t.discord.launchActivity(dave, t.discord.createChannel(t.guild, 'back'));
    expect(lone).not.toBe(general);
    for (const u of t.users) t.discord.leaveActivity(u, lone);
    const ended = open({ t: 'hello', token: await token(dave), instance: lone });
    expect(await ended.closed).toBe(4004);
    // Anything that could change the route is refused before Discord is asked.
    const path = open({ t: 'hello', token: await token(dave), instance: '../../users/@me' });
    expect(await path.closed).toBe(4002);
    // Each instance was read with the bot's token, through its REST client (a request Discord counts).
    expect(reads().slice(before).map((r) => r.status)).toEqual([200, 200, 404, 404]);
    // A user asking for instance after instance is held at 10 reads a minute: the 11th socket is told
    // to try again later (1013, which the page does after its back-off), not that it is not in the instance.
    const codes: number[] = [];
    for (let n = 0; n < 11; n++) codes.push(await open({ t: 'hello', token: await token(carol), instance: `made-up-${n}` }).closed);
    expect(codes.slice(0, 10).every((c) => c === 4004)).toBe(true);
    expect(codes[10]).toBe(1013);
  });
});
