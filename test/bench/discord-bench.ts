// Discord figures for `npm run bench`: button clicks through the real discord.js client against
// the local stand-in, timed inside the bot from the interaction's arrival to its acknowledgement.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randInt, seedRng, type RngState } from '../../src/engine/rng.js';
import { registerCommands } from '../../src/discord/register.js';
import { GameClock, startBot, tableMessage, waitedOn, type BotTable } from '../bot/harness.js';
import { actOnPanel, isOver, openPanel } from '../bot/play.js';
import { ManualClock, startStandIn, type ChannelRecord, type StandIn, type UserRecord } from '../support/discord/index.js';

type Figures = Record<string, { value: number; unit: string }>;

function p99(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))] ?? NaN;
}

async function openLobby(t: BotTable, users: UserRecord[]): Promise<void> {
  const lobby = await t.discord.runCommand(users[0], t.general, 'fengsheng start', {}).response();
  for (const u of users.slice(1)) await t.discord.click(u, { label: '加入', messageId: lobby.id }).response();
  await t.discord.click(users[0], { label: '开始', messageId: lobby.id }).response();
  await t.bot.idle();
}

/** One step of one game: a waited-on player opens their panel and clicks. Two clicks. */
async function step(t: BotTable, users: UserRecord[], rng: RngState): Promise<boolean> {
  const table = tableMessage(t, users[0]);
  if (!table || isOver(table)) return false;
  const waited = waitedOn(t, table).filter((u) => users.includes(u));
  if (!waited.length) return false;
  const u = waited[randInt(rng, waited.length)];
  const panel = await openPanel(t, u, table);
  await actOnPanel(t, u, panel, rng);
  return true;
}

export async function discordBenchmarks(): Promise<Figures> {
  const acks: number[] = [];
  let record = true;
  const discord: StandIn = await startStandIn({ clock: new ManualClock(), heartbeatIntervalMs: 10_000 });
  const dir = mkdtempSync(join(tmpdir(), 'fengsheng-bench-'));
  try {
    const clock = new GameClock();
    const games = 200;
    const per = 3;
    const users = Array.from({ length: games * per }, (_, i) => discord.createUser({ username: `p${i}`, locale: 'zh-CN' }));
    const guild = discord.createGuild({ name: 'bench', members: users, locale: 'zh-CN', channels: Array.from({ length: games }, (_, g) => `t${g}`) });
    const env = discord.env();
    await registerCommands({ token: env.DISCORD_TOKEN, applicationId: env.DISCORD_APPLICATION_ID, guildId: guild.id, apiBase: env.DISCORD_API_BASE });
    const bot = await startBot(discord, join(dir, 'bench.db'), clock, { onAck: (ms) => record && acks.push(ms), editIntervalMs: 1000 });
    const tables: BotTable[] = Array.from({ length: games }, (_, g) => ({
      discord,
      users: users.slice(g * per, g * per + per),
      guild,
      general: discord.channel(guild, `t${g}`) as ChannelRecord,
      clock,
      dbPath: '',
      bot,
      restart: async () => undefined,
      close: async () => undefined,
    }));

    // 1. Clicks one after another in one game, until at least 1,000 were acknowledged.
    record = false;
    await openLobby(tables[0], tables[0].users);
    record = true;
    const rng = seedRng(1);
    let k = 0;
    while (acks.length < 1000 && k++ < 5000) {
      if (!(await step(tables[0], tables[0].users, rng))) {
        record = false;
        await tables[0].bot.store.abortGame(tables[0].bot.store.activeGameIn(guild.id, tables[0].general.id) ?? -1, 'bench').catch(() => undefined);
        await bot.idle();
        tables[0].general = discord.createChannel(guild, `again${k}`);
        await openLobby(tables[0], tables[0].users);
        record = true;
      }
    }
    const sequential = acks.splice(0);

    // 2. 200 games at once, each player clicking as soon as the game waits on them.
    record = false;
    for (let g = 1; g < games; g++) await openLobby(tables[g], tables[g].users);
    record = true;
    await Promise.all(
      tables.slice(1).map(async (t, g) => {
        const r = seedRng(100 + g);
        for (let s = 0; s < 8; s++) if (!(await step(t, t.users, r))) break;
      }),
    );
    const concurrent = acks.splice(0);
    await bot.stop();
    return {
      interactionAckP99Ms: { value: Math.round(p99(sequential) * 100) / 100, unit: `ms, p99 over ${sequential.length} clicks (interaction reaching the bot → its acknowledgement answered)` },
      interactionAckMaxMs200Games: { value: Math.round(Math.max(...concurrent)), unit: `ms, worst of ${concurrent.length} clicks with ${games - 1} games in play at once (target ≤ 500)` },
      interactionAckP99Ms200Games: { value: Math.round(p99(concurrent) * 100) / 100, unit: 'ms, p99 of the same' },
    };
  } finally {
    await discord.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
