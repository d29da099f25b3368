// A bot process in miniature: the real Bot and discord.js client against the local stand-in,
// with a game database on disk and an injected clock for decision deadlines.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll } from 'vitest';
import type { ClientOptions } from 'discord.js';
import pino from 'pino';
import type { Logger } from '../../src/log.js';
import { Bot, type BotOptions } from '../../src/discord/bot.js';
import { createClient } from '../../src/discord/client.js';
import { registerCommands } from '../../src/discord/register.js';
import { owesAfter } from '../../src/discord/outbound/owed.js';
import { GameStore, type Owes, type TimerHost } from '../../src/store/index.js';
import { ManualClock, startStandIn, type Clock, TEST_LIMITS, type ChannelRecord, type GuildRecord, type SeenMessage, type StandIn, type UserRecord } from '../support/discord/index.js';

/**
 * Decision deadlines and the bot's alarms (ping warnings) run on this clock; nothing fires until a
 * test moves it on (advance), so no test sleeps on wall time.
 */
export class GameClock implements TimerHost {
  t = 1_700_000_000_000;
  private next = 1;
  private readonly alarms = new Map<number, { at: number; fn: () => void }>();
  now(): number {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.alarms.set(id, { at: this.t + ms, fn });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.alarms.delete(handle as number);
  }
  /** When each alarm set now rings. */
  alarmTimes(): number[] {
    return [...this.alarms.values()].map((a) => a.at);
  }
  /** When the next alarm rings, or null. */
  nextAlarm(): number | null {
    let at: number | null = null;
    for (const a of this.alarms.values()) if (at === null || a.at < at) at = a.at;
    return at;
  }
  /** Moves the clock to `to`, running the alarms due by then in time order. */
  runUntil(to: number): void {
    for (;;) {
      const due = [...this.alarms.entries()].filter(([, a]) => a.at <= to).sort((x, y) => x[1].at - y[1].at)[0];
      if (!due) break;
      this.alarms.delete(due[0]);
      this.t = Math.max(this.t, due[1].at);
      due[1].fn();
    }
    this.t = Math.max(this.t, to);
  }
}

/** Moves the game clock on to `to`: alarms ring, due deadlines time out, and the bot settles. */
export async function advanceTo(t: BotTable, to: number): Promise<void> {
  t.clock.runUntil(to);
  await t.bot.idle();
  await t.bot.timers.fire();
  await t.bot.idle();
}

/** The game the table's channel is playing now (or played last). */
export async function gameOf(t: BotTable): Promise<number> {
  const active = await t.bot.store.activeGameIn(t.guild.id, t.general.id);
  if (active !== null) return active;
  return (await t.bot.store.newestGameIn(t.guild.id, t.general.id))!;
}

export interface BotTable {
  discord: StandIn;
  users: UserRecord[];
  guild: GuildRecord;
  general: ChannelRecord;
  clock: GameClock;
  dbPath: string;
  bot: Bot;
  /** Stops the bot process (as SIGTERM would) and starts a new one on the same database. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startBot(
  discord: Pick<StandIn, 'apiBase' | 'token'> & { clock?: Clock },
  dbPath: string,
  clock: GameClock,
  extra: Partial<BotOptions> = {},
  rest: ClientOptions['rest'] = {},
  openStore?: OpenStore,
  welcomeMs = 0,
): Promise<Bot> {
  // The store logs where the bot does (a test that reads the bot's log reads the store's too). A
  // game's first DM goes at once unless the table asks for the bot's grace (`welcomeMs`, pace.test.ts).
  const opts = { clock: () => clock.now(), logger: extra.log ?? pino({ level: 'silent' }), owes: owesAfter(welcomeMs) };
  const store = openStore ? await openStore(opts) : await GameStore.open({ path: dbPath, ...opts });
  const client = createClient(discord.apiBase, rest);
  let seed = 1000;
  const bot = new Bot({
    client,
    store,
    log: pino({ level: process.env.LOG_LEVEL ?? 'silent' }),
    // The bot's own pace for table edits (1000 ms, Discord's 5 edits per 5 s) on the stand-in's scale,
    // as every other window here: edits a few commits apart become one, as they do in production,
    // instead of running the channel's bucket dry and waiting it out in most whole-game steps.
    editIntervalMs: 1000 * TEST_LIMITS.scale!,
    // Each picture drawn as the table changes (bot.idle() would wait out every interval's catch-up);
    // the interval has a test of its own (table-picture.test.ts).
    pictureIntervalMs: 0,
    aiDelayMs: 0,
    timerHost: clock,
    seeds: () => seed++,
    // The stand-in's time is Discord's: an interaction's age is read on its clock.
    ...(discord.clock ? { discordNow: () => discord.clock!.now() } : {}),
    ...extra,
  });
  bot.start();
  const ready = once(client, 'clientReady');
  await client.login(discord.token);
  await ready;
  await bot.idle();
  return bot;
}

/** A store on another backend than the table's SQLite file (each call a new process's store on the same database). */
export type OpenStore = (o: { clock: () => number; logger: Logger; owes: Owes }) => Promise<GameStore>;

export async function openBotTable(
  players: number,
  extra: Partial<BotOptions> = {},
  world: { guildLocale?: string; openStore?: OpenStore; rest?: ClientOptions['rest']; welcomeMs?: number } = {},
): Promise<BotTable> {
  const discord = await startStandIn({ clock: new ManualClock(), heartbeatIntervalMs: 10_000, limits: TEST_LIMITS });
  const names = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan'];
  const users = names.slice(0, players).map((username, i) => discord.createUser({ username, locale: i % 2 ? 'en-US' : 'zh-CN' }));
  const guild = discord.createGuild({ name: '风声', members: users, locale: world.guildLocale ?? 'zh-CN' });
  const general = discord.channel(guild, 'general');
  const env = discord.env();
  await registerCommands({ token: env.DISCORD_TOKEN, applicationId: env.DISCORD_APPLICATION_ID, guildId: guild.id, apiBase: env.DISCORD_API_BASE });
  const dir = mkdtempSync(join(tmpdir(), 'fengsheng-bot-'));
  const dbPath = join(dir, 'game.db');
  const clock = new GameClock();
  const table: BotTable = {
    discord,
    users,
    guild,
    general,
    clock,
    dbPath,
    bot: await startBot(discord, dbPath, clock, extra, world.rest, world.openStore, world.welcomeMs),
    async restart() {
      await table.bot.stop();
      table.bot = await startBot(discord, dbPath, clock, extra, world.rest, world.openStore, world.welcomeMs);
    },
    async close() {
      await table.bot.stop().catch(() => undefined);
      await discord.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return table;
}

/** The table message as a user sees it now (the newest bot message in #general with an embed). */
export function tableMessage(t: BotTable, user: UserRecord): SeenMessage | undefined {
  return t.discord
    .seenBy(user, { channel: t.general })
    .filter((m) => m.author.bot && !m.ephemeral && m.embeds[0]?.title?.startsWith('风声 ·') && !m.embeds[0].title.includes('大厅') && !m.embeds[0].title.includes('Lobby'))
    .at(-1);
}

/** Whether the table message, as players see it, reads as the table the publisher would draw for the game's newest state. */
export async function tableIsCurrent(t: BotTable): Promise<boolean> {
  const shown = tableMessage(t, t.users[0])!;
  const want = t.bot.publisher.tableMessage(await gameOf(t)).embeds[0]!;
  return shown.embeds[0]!.description === want.description && JSON.stringify(shown.embeds[0]!.fields ?? []) === JSON.stringify(want.fields ?? []);
}

/** Users the table names as having a decision of their own (mentioned in its content). */
export function waitedOn(t: BotTable, table: SeenMessage): UserRecord[] {
  const ids = [...table.content.matchAll(/<@(\d+)>/g)].map((m) => m[1]);
  return t.users.filter((u) => ids.includes(u.id));
}

export function allText(m: SeenMessage): string {
  return [m.content, ...m.embeds.flatMap((e) => [e.title ?? '', e.description ?? '', ...(e.fields ?? []).flatMap((f) => [f.name, f.value])]), ...m.buttons.map((b) => b.label ?? ''), ...m.selects.flatMap((s) => s.options.map((o) => o.label))].join('\n');
}

/**
 * A table shared by the tests of the enclosing describe: opened before them, closed after. Call
 * the returned function inside a test to get it.
 */
export function useBotTable(players: number): () => BotTable {
  let t: BotTable | undefined;
  beforeAll(async () => {
    t = await openBotTable(players);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
  return () => t!;
}
