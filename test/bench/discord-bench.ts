// Discord figures for `npm run bench`. As the bot runs (shared/contracts.md §3): live/as-it-runs.ts,
// the bot as it ships in a process of its own against the stand-in with Discord's limits. Here besides,
// the bot's own side, which no bot runs as: the bot in a worker thread of its own (bot-worker.ts), its
// timers on a game clock the players move on, the stand-in with Discord's rate limits on the tests'
// scale (a twentieth of Discord's windows, as in npm test): these figures are the table's pace, not
// Discord's; the figures as the bot runs have the limits at Discord's scale. Acknowledgements are
// timed inside the bot from the interaction's arrival; the table's pace (docs/rules.md §8b) from its
// commits. Each such figure says so in its unit.
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randInt, seedRng, type RngState } from '../../src/engine/rng.js';
import { registerCommands } from '../../src/discord/register.js';
import { tableMessage, type BotTable } from '../bot/harness.js';
import { actOnPanel, liveTable, openPanel, WAIT } from '../bot/play.js';
import { inBenchYoungGeneration } from './live/young-generation.js';
import { answerOwn } from '../bot/people.js';
import { ManualClock, startStandIn, TEST_LIMITS, type ChannelRecord, type GuildRecord, type SeenMessage, type StandIn, type UserRecord } from '../support/discord/index.js';

type Figures = Record<string, { value: number; unit: string }>;

function pct(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? NaN;
}
const p99 = (xs: number[]) => pct(xs, 0.99);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const round2 = (x: number) => Math.round(x * 100) / 100;

interface Asked {
  over: boolean;
  asked: string[];
  decider?: string | null;
  responseWindow?: boolean;
  turn?: string;
  opened?: number;
}

/** The bot in its thread, and the questions a scripted player may ask of it. */
class BotThread {
  private next = 1;
  private readonly waiting = new Map<number, (v: Record<string, unknown>) => void>();
  readonly acks: number[] = [];
  record = true;

  constructor(readonly worker: Worker) {
    worker.on('message', (m: { ack?: number; reply?: number }) => {
      if (m.ack !== undefined && this.record) this.acks.push(m.ack);
      if (m.reply !== undefined) {
        this.waiting.get(m.reply)?.(m as Record<string, unknown>);
        this.waiting.delete(m.reply);
      }
    });
  }

  static async start(apiBase: string, token: string, dbPath: string, aiDelayMs: number): Promise<BotThread> {
    const worker = new Worker(new URL('./bot-worker.mjs', import.meta.url), { workerData: { apiBase, token, dbPath, aiDelayMs } });
    const thread = new BotThread(worker);
    await once(worker, 'message');
    return thread;
  }

  ask<T>(body: Record<string, unknown>): Promise<T> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve as (v: Record<string, unknown>) => void);
      this.worker.postMessage({ id, ...body });
    });
  }

  asked(t: BotTable): Promise<Asked> {
    return this.ask({ kind: 'asked', guildId: t.guild.id, channelId: t.general.id });
  }

  /** Moves the game clock to the next thing that happens by itself; the ms it moved. */
  async advance(t: BotTable): Promise<number> {
    return (await this.ask<{ waited: number }>({ kind: 'advance', guildId: t.guild.id, channelId: t.general.id })).waited;
  }

  async stop(): Promise<void> {
    await this.ask({ kind: 'stop' });
    await this.worker.terminate();
  }
}

function tableFor(discord: StandIn, guild: GuildRecord, users: UserRecord[], channel: string): BotTable {
  return {
    discord,
    users,
    guild,
    general: discord.channel(guild, channel) as ChannelRecord,
    clock: null as unknown as BotTable['clock'],
    dbPath: '',
    bot: null as unknown as BotTable['bot'],
    restart: async () => undefined,
    close: async () => undefined,
  };
}

async function openLobby(bot: BotThread, t: BotTable, people: UserRecord[], ai = 0, options: Record<string, boolean | number> = {}): Promise<void> {
  const lobby = await t.discord.runCommand(people[0], t.general, 'fengsheng start', options).response(WAIT);
  for (const u of people.slice(1)) await t.discord.click(u, { label: '加入', messageId: lobby.id }).response(WAIT);
  for (let k = 0; k < ai; k++) await t.discord.click(people[0], { label: '添加AI', messageId: lobby.id }).response(WAIT);
  await t.discord.click(people[0], { label: '开始', messageId: lobby.id }).response(WAIT);
  await t.discord.waitFor(() => tableMessage(t, people[0]), WAIT);
}

/** One step of one game: someone asked opens their panel and clicks (two clicks), or the clock moves on. */
async function step(bot: BotThread, t: BotTable, rng: RngState): Promise<boolean> {
  const a = await bot.asked(t);
  if (a.over) return false;
  const asked = t.users.filter((u) => a.asked.includes(u.id));
  if (!asked.length) {
    await bot.advance(t);
    return true;
  }
  const u = asked[randInt(rng, asked.length)];
  const panel = await openPanel(t, u, await liveTable(t, u));
  await actOnPanel(t, u, panel, rng);
  return true;
}

/**
 * A whole game of scripted people: each keeps one panel open and clicks through it, answers the
 * decisions of their own at once, and in a response window never clicks. Returns the 过 clicks they
 * made in turns that asked nothing of them, and how many such turns there were.
 */
async function pacedGame(bot: BotThread, t: BotTable): Promise<{ idleTurnPasses: number; idleTurns: number; clicks: number; stalePanels: number; emptyPanels: number }> {
  const panels = new Map<string, SeenMessage>();
  let turn = '';
  let own = new Set<string>();
  const passesInTurn = new Map<string, number>();
  let idleTurns = 0;
  let idleTurnPasses = 0;
  let clicks = 0;
  let stalePanels = 0;
  /** Panels opened for a decision that had moved on by the time they showed (the decision is asked again). */
  let emptyPanels = 0;
  const endTurn = () => {
    for (const u of t.users) {
      if (own.has(u.id)) continue;
      idleTurns++;
      idleTurnPasses += passesInTurn.get(u.id) ?? 0;
    }
    own = new Set();
    passesInTurn.clear();
  };
  for (let k = 0; k < 5000; k++) {
    const a = await bot.asked(t);
    if (a.over) break;
    if (a.turn !== turn) {
      if (turn) endTurn();
      turn = a.turn!;
    }
    const owner = t.users.find((u) => u.id === a.decider) ?? (a.responseWindow ? undefined : t.users.find((u) => a.asked.includes(u.id)));
    if (!owner) {
      await bot.advance(t);
      continue;
    }
    own.add(owner.id);
    // A person looks at the panel they have open, and waits for it to show this decision.
    const kept = panels.get(owner.id);
    const current = (m: SeenMessage) => [...m.buttons.map((b) => b.customId ?? ''), ...m.selects.map((x) => x.customId)].some((id) => id.split(':')[2] === String(a.opened));
    let panel = kept && (await t.discord.waitFor(() => t.discord.seenBy(owner).find((m) => m.id === kept.id && current(m)), { timeoutMs: 5_000 }).catch(() => undefined));
    if (kept && !panel) stalePanels++;
    if (!panel) {
      panel = await openPanel(t, owner, await liveTable(t, owner));
      panels.set(owner.id, panel);
      clicks++;
    }
    try {
      await answerOwn(t, owner, panel);
    } catch (err) {
      if (!String((err as Error).message).startsWith('nothing to answer')) throw err;
      emptyPanels++;
      panels.delete(owner.id);
      if (emptyPanels > 20) throw err;
      continue;
    }
    clicks++;
  }
  endTurn();
  return { idleTurnPasses, idleTurns, clicks, stalePanels, emptyPanels };
}

/** Said in the unit of every figure measured here: the configuration is not the bot's as it runs. */
const NOT_AS_RUN = 'the bot in a thread of the bench, its timers on a game clock the bench moves (the stand-in with Discord\'s limits on the tests\' scale, windows a twentieth): not as the bot runs';

export async function discordBenchmarks(o: { log?: (line: string) => void } = {}): Promise<Figures> {
  return { ...(await ackBenchmarks()), ...(await paceBenchmarks()), ...(await inBenchYoungGeneration<Figures>(new URL('./live/ramp-child.ts', import.meta.url), o.log)) };
}

/** Acknowledgements: clicks one after another in one game, until at least 1,000 were acknowledged. */
export async function ackBenchmarks(): Promise<Figures> {
  const discord: StandIn = await startStandIn({ clock: new ManualClock(), heartbeatIntervalMs: 10_000, limits: TEST_LIMITS });
  const dir = mkdtempSync(join(tmpdir(), 'fengsheng-bench-'));
  try {
    const users = Array.from({ length: 3 }, (_, i) => discord.createUser({ username: `p${i}`, locale: 'zh-CN' }));
    const guild = discord.createGuild({ name: 'bench', members: users, locale: 'zh-CN', channels: ['t0'] });
    const env = discord.env();
    await registerCommands({ token: env.DISCORD_TOKEN, applicationId: env.DISCORD_APPLICATION_ID, guildId: guild.id, apiBase: env.DISCORD_API_BASE });
    const bot = await BotThread.start(discord.apiBase, discord.token, join(dir, 'bench.db'), 1500);
    const table = tableFor(discord, guild, users, 't0');
    bot.record = false;
    await openLobby(bot, table, table.users, 0, { characters: false });
    bot.record = true;
    const rng = seedRng(1);
    let k = 0;
    while (bot.acks.length < 1000 && k++ < 8000) {
      if (!(await step(bot, table, rng))) {
        bot.record = false;
        table.general = discord.createChannel(guild, `again${k}`);
        await openLobby(bot, table, table.users, 0, { characters: false });
        bot.record = true;
      }
    }
    const acks = bot.acks.splice(0);
    await bot.stop();
    return {
      interactionAckP99Ms: {
        value: round2(p99(acks)),
        unit: `ms, p99 over ${acks.length} clicks one after another in one 3-player game, characters off (gateway packet reaching the client → its callback request leaving); ${NOT_AS_RUN} (as it runs: gamesPerProcessAtAckP99_100ms)`,
      },
    };
  } finally {
    await discord.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The table's pace (docs/rules.md §8b): whole 5-player games with characters, 4 scripted people and
 * 1 AI seat (and the same seeds with 1 person and 4 AI seats), one game at a time, on a bot of its own.
 */
export async function paceBenchmarks(): Promise<Figures> {
  const discord: StandIn = await startStandIn({ clock: new ManualClock(), heartbeatIntervalMs: 10_000, limits: TEST_LIMITS });
  const dir = mkdtempSync(join(tmpdir(), 'fengsheng-bench-'));
  try {
    const pacePeople = Array.from({ length: 5 }, (_, i) => discord.createUser({ username: `q${i}`, locale: 'zh-CN' }));
    const paceChannels = ['pace-a0', 'pace-a1', 'pace-b0', 'pace-b1'];
    const guild = discord.createGuild({ name: 'pace', members: pacePeople, locale: 'zh-CN', channels: paceChannels });
    const env = discord.env();
    await registerCommands({ token: env.DISCORD_TOKEN, applicationId: env.DISCORD_APPLICATION_ID, guildId: guild.id, apiBase: env.DISCORD_API_BASE });
    const paceBot = await BotThread.start(discord.apiBase, discord.token, join(dir, 'pace.db'), 1500);
    const idle = { passes: 0, turns: 0 };
    let paceClicks = 0;
    let stale = 0;
    let empty = 0;
    const started = performance.now();
    for (const channel of paceChannels) {
      const people = channel.startsWith('pace-a') ? pacePeople.slice(0, 4) : pacePeople.slice(4, 5);
      const t = tableFor(discord, guild, people, channel);
      await openLobby(paceBot, t, people, 5 - people.length, { characters: true });
      const r = await pacedGame(paceBot, t);
      if (channel.startsWith('pace-a')) {
        idle.passes += r.idleTurnPasses;
        idle.turns += r.idleTurns;
      }
      paceClicks += r.clicks;
      stale += r.stalePanels;
      empty += r.emptyPanels;
    }
    const paceSeconds = (performance.now() - started) / 1000;
    const report = await paceBot.ask<{ panelRefresh: number[]; windowLengths: [number, number][]; idleClose: number[]; clockWaits: number[] }>({ kind: 'report' });
    await paceBot.stop();
    const one = report.windowLengths.filter(([ai]) => ai === 1).map(([, ms]) => ms);
    const four = report.windowLengths.filter(([ai]) => ai === 4).map(([, ms]) => ms);
    // The 4-person games are the first two; their response-clock waits are what a table of people who never respond sits through.
    const waits = report.clockWaits.slice(0, 2);
    return {
      passClicksPerIdleHumanTurn: {
        value: round2(idle.passes / Math.max(1, idle.turns)),
        unit: `过 clicks per person per turn that asked nothing of them, over ${idle.turns} such turns of 2 whole 5-player games (4 people, 1 AI, characters on; people answer only their own decisions; ${NOT_AS_RUN}) (target 0)`,
      },
      idleWindowCloseMsP99: { value: round2(p99(report.idleClose)), unit: `ms, p99 over ${report.idleClose.length} response windows in which nobody had anything but 过: opened → the next decision; ${NOT_AS_RUN} (target ≤ 100)` },
      aiSeatsWindowDelayRatio: {
        value: round2(mean(four) / mean(one)),
        unit: `mean response window with 4 AI seats (${four.length} windows, ${round2(mean(four))} ms) over 1 AI seat (${one.length}, ${round2(mean(one))} ms), wall + game clock, AI pause 1.5 s per card shown; ${NOT_AS_RUN} (target ≤ 1.2)`,
      },
      panelRefreshP99Ms: { value: round2(p99(report.panelRefresh)), unit: `ms, p99 over ${report.panelRefresh.length} edits (p50 ${round2(pct(report.panelRefresh, 0.5))}, p90 ${round2(pct(report.panelRefresh, 0.9))}): a commit → an open 我的信息 panel edited to show it; ${NOT_AS_RUN}` },
      responseClockMinutesPerGame: {
        value: round2(mean(waits) / 60_000),
        unit: `game minutes a whole 5-player game waits on response clocks (8 s after a card, 5 s for a hop of intel) when its 4 people never respond, mean of ${waits.length} games; ${NOT_AS_RUN} (aim ≤ 20)`,
      },
      paceBenchClicks: { value: paceClicks, unit: `clicks of the scripted people over the 4 whole games (${round2(paceSeconds)} s wall; ${stale} times a kept panel had not shown the decision within 5 s and was opened again; ${empty} panels opened that showed nothing to answer, the decision having moved on; ${NOT_AS_RUN})` },
    };
  } finally {
    await discord.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
