// Discord figures for `npm run bench`: button clicks through the real discord.js client against
// the local stand-in, timed inside the bot from the interaction's arrival to its acknowledgement.
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randInt, seedRng, type RngState } from '../../src/engine/rng.js';
import { registerCommands } from '../../src/discord/register.js';
import { GameClock, tableMessage, waitedOn, type BotTable } from '../bot/harness.js';
import { actOnPanel, isOver, openPanel } from '../bot/play.js';
import { ManualClock, startStandIn, type ChannelRecord, type StandIn, type UserRecord } from '../support/discord/index.js';

type Figures = Record<string, { value: number; unit: string }>;

function p99(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))] ?? NaN;
}

async function openLobby(t: BotTable, users: UserRecord[]): Promise<void> {
  const wait = { timeoutMs: 60_000 };
  const lobby = await t.discord.runCommand(users[0], t.general, 'fengsheng start', {}).response(wait);
  for (const u of users.slice(1)) await t.discord.click(u, { label: '加入', messageId: lobby.id }).response(wait);
  await t.discord.click(users[0], { label: '开始', messageId: lobby.id }).response(wait);
  await t.discord.waitFor(() => tableMessage(t, users[0]) && waitedOn(t, tableMessage(t, users[0])!).length > 0, wait);
}

/** Waits until the table shows the game waiting on one of its players, or over. */
async function settledTable(t: BotTable, users: UserRecord[]): Promise<void> {
  await t.discord.waitFor(() => {
    const table = tableMessage(t, users[0]);
    return table && (isOver(table) || waitedOn(t, table).length > 0) ? true : undefined;
  }, { timeoutMs: 60_000 });
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
  await settledTable(t, users);
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
    const users = Array.from({ length: (games + 1) * per }, (_, i) => discord.createUser({ username: `p${i}`, locale: 'zh-CN' }));
    const guild = discord.createGuild({ name: 'bench', members: users, locale: 'zh-CN', channels: Array.from({ length: games + 1 }, (_, g) => `t${g}`) });
    const env = discord.env();
    await registerCommands({ token: env.DISCORD_TOKEN, applicationId: env.DISCORD_APPLICATION_ID, guildId: guild.id, apiBase: env.DISCORD_API_BASE });
    const worker = new Worker(new URL('./bot-worker.mjs', import.meta.url), {
      workerData: { apiBase: discord.apiBase, token: discord.token, dbPath: join(dir, 'bench.db') },
    });
    worker.on('message', (m: { ack?: number }) => {
      if (m.ack !== undefined && record) acks.push(m.ack);
    });
    await once(worker, 'message');
    const bot = null as unknown as BotTable['bot'];
    const tables: BotTable[] = Array.from({ length: games + 1 }, (_, g) => ({
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
        tables[0].general = discord.createChannel(guild, `again${k}`);
        await openLobby(tables[0], tables[0].users);
        record = true;
      }
    }
    const sequential = acks.splice(0);

    // 2. 200 games at once, each player clicking as soon as the game waits on them.
    record = false;
    for (let g = 1; g <= games; g++) await openLobby(tables[g], tables[g].users);
    record = true;
    await Promise.all(
      tables.slice(1).map(async (t, g) => {
        const r = seedRng(100 + g);
        for (let s = 0; s < 8; s++) if (!(await step(t, t.users, r))) break;
      }),
    );
    const concurrent = acks.splice(0);
    worker.postMessage({ stop: true });
    await once(worker, 'message');
    await worker.terminate();
    return {
      interactionAckP99Ms: { value: Math.round(p99(sequential) * 100) / 100, unit: `ms, p99 over ${sequential.length} clicks (gateway packet reaching the client → its callback request leaving)` },
      interactionAckMaxMs200Games: { value: Math.round(Math.max(...concurrent)), unit: `ms, worst of ${concurrent.length} clicks with ${games} games in play at once (target ≤ 500)` },
      interactionAckP99Ms200Games: { value: Math.round(p99(concurrent) * 100) / 100, unit: 'ms, p99 of the same' },
    };
  } finally {
    await discord.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
