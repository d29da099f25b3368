// The bot alone in a thread of its own, as in production: the stand-in and the simulated
// players run in the parent, so their work does not count against the bot's figures.
// An acknowledgement is timed from the interaction reaching the client (the gateway packet)
// to the moment its callback request leaves (handed to the HTTP thread, which sends it).
//
// The bot's timers run on a game clock the parent moves on (`advance`), and the parent may ask
// what a game waits on (`asked`): a scripted person only needs to know whether something is asked
// of them, which a real one reads in their own panel.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import type { BotREST } from '../../src/discord/http/rest.js';
import { decider, isResponseWindow, legalActions, waitingOn, type GameState } from '../../src/engine/index.js';
import { GameClock, startBot } from '../bot/harness.js';

const { apiBase, token, dbPath, aiDelayMs } = workerData as { apiBase: string; token: string; dbPath: string; aiDelayMs: number };
const arrived = new Map<string, number>();
const clock = new GameClock();
const panelRefresh: number[] = [];
const bot = await startBot({ apiBase, token }, dbPath, clock, { editIntervalMs: 1000, aiDelayMs, onPanelRefresh: (ms) => panelRefresh.push(ms) });
// A callback goes through the interaction's token: handed whole to the HTTP thread (src/discord/http/rest.ts), which is when it leaves.
(bot.client.rest as BotREST).watch({
  sent: (url) => {
    const m = /\/interactions\/(\d+)\/[^/]+\/callback/.exec(url);
    const t0 = m && arrived.get(m[1]);
    if (!m || t0 === undefined || t0 === null) return;
    arrived.delete(m[1]);
    parentPort!.postMessage({ ack: performance.now() - t0 });
  },
});
bot.client.on('raw', (packet: { t?: string; d?: { id?: string; token?: string; data?: { custom_id?: string } } }) => {
  if (packet.t === 'INTERACTION_CREATE' && packet.d?.id) arrived.set(packet.d.id, performance.now());
});

/** Per game: the response window open now, when it opened (wall and game clock), and whether anyone could answer it. */
interface OpenWindow {
  opened: number;
  wall: number;
  clock: number;
  idle: boolean;
  ai: number;
}
const windows = new Map<number, OpenWindow>();
/** Finished windows: [AI seats in the game, wall ms + game-clock ms]; idle windows' wall ms to the next decision. */
const windowLengths: [number, number][] = [];
const idleClose: number[] = [];
/** Game-clock ms each game spent waiting for a response clock to run out. */
const clockWaits = new Map<number, number>();

const onlyPass = (s: GameState) => waitingOn(s).every((seat) => legalActions(s, seat).length === 1);
bot.store.subscribe((c) => {
  const w = windows.get(c.gameId);
  const s = c.state;
  const same = w && !s.result && s.pending?.opened === w.opened && isResponseWindow(s);
  if (w && !same) {
    windows.delete(c.gameId);
    windowLengths.push([w.ai, performance.now() - w.wall + (clock.now() - w.clock)]);
    if (w.idle) idleClose.push(performance.now() - w.wall);
  }
  if (!same && !s.result && isResponseWindow(s))
    windows.set(c.gameId, { opened: s.pending!.opened, wall: performance.now(), clock: clock.now(), idle: onlyPass(s), ai: bot.drivers.aiSeats(c.gameId).length });
});

type Request =
  | { id: number; kind: 'asked'; guildId: string; channelId: string }
  | { id: number; kind: 'advance'; guildId: string; channelId: string }
  | { id: number; kind: 'report' }
  | { id: number; kind: 'stop' };

function gameIn(guildId: string, channelId: string): Promise<number | null> {
  return bot.store.activeGameIn(guildId, channelId);
}

parentPort!.postMessage({ ready: true });
parentPort!.on('message', async (m: Request) => {
  const reply = (body: Record<string, unknown>) => parentPort!.postMessage({ reply: m.id, ...body });
  switch (m.kind) {
    case 'asked': {
      // The bot's own moves (automatic passes, bot seats) settle; table edits may lag behind.
      await bot.drivers.idle();
      const gameId = await gameIn(m.guildId, m.channelId);
      const s = gameId === null ? null : await bot.store.state(gameId);
      if (gameId === null || !s || s.result) return reply({ over: true, asked: [] });
      const seats = await bot.store.seats(gameId);
      const bots = bot.drivers.botSeats(gameId);
      const own = decider(s);
      return reply({
        over: false,
        asked: waitingOn(s).filter((x) => seats[x].userId && !bots.has(x)).map((x) => seats[x].userId),
        decider: own === null ? null : seats[own].userId,
        responseWindow: isResponseWindow(s),
        turn: `${s.round}:${s.current}`,
        opened: s.pending?.opened,
      });
    }
    case 'advance': {
      await bot.drivers.idle();
      const gameId = await gameIn(m.guildId, m.channelId);
      const s = gameId === null ? null : await bot.store.state(gameId);
      const deadline = s?.pending?.deadline ?? null;
      const alarm = bot.drivers.paused ? clock.nextAlarm() : null;
      const next = alarm === null ? deadline : deadline === null ? alarm : Math.min(alarm, deadline);
      if (next === null || gameId === null) return reply({ waited: 0 });
      const waited = Math.max(0, next - clock.now());
      if (isResponseWindow(s!) && next === deadline) clockWaits.set(gameId, (clockWaits.get(gameId) ?? 0) + waited);
      clock.runUntil(next);
      await bot.drivers.idle();
      await bot.timers.fire();
      await bot.drivers.idle();
      return reply({ waited });
    }
    case 'report':
      return reply({ panelRefresh, windowLengths, idleClose, clockWaits: [...clockWaits.values()] });
    case 'stop':
      await bot.stop();
      return reply({ stopped: true });
  }
});
