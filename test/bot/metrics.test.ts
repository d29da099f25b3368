// Prometheus metrics (issue 37 §5, src/run/metrics.ts): the bot against the stand-in with metrics on
// counts its commits, times its acknowledgements, knows its live games and counts a 429 by its route;
// `npm start` opens no port without METRICS_PORT and serves /metrics with it; with SHARDS the manager
// serves every shard's metrics, each labelled with its shard.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { EventEmitter } from 'node:events';
import { Routes, SnowflakeUtil, type Client } from 'discord.js';
import pino from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { registerCommands } from '../../src/discord/register.js';
import { Metrics, routeOf } from '../../src/run/metrics.js';
import { scrapeOf, serveMetrics, type MetricsServer } from '../../src/run/metrics-http.js';
import { GameStore, shardOf } from '../../src/store/index.js';
import { guildPerShard } from './shard-guilds.js';
import { ManualClock, startStandIn, TEST_LIMITS, type StandIn } from '../support/discord/index.js';
import { gameOf, openBotTable, type BotTable } from './harness.js';
import { openLobbyAndBegin } from './lobby.js';
import { playToEnd } from './play.js';

/** The value of one series of a scrape (labels as written, in order), or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const scrape = async (port: number): Promise<string> => {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
};

const dir = mkdtempSync(join(tmpdir(), 'fengsheng-metrics-'));
// A SIGKILLed manager's shards stop by themselves a moment later (closing their files here): removal is tried again meanwhile.
afterAll(() => rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 }));

describe('metrics in the bot', () => {
  let t: BotTable | undefined;
  let server: MetricsServer | null = null;
  afterEach(async () => {
    await server?.close();
    await t?.close();
    server = null;
    t = undefined;
  });

  it('a few moves: commits counted and timed, acknowledgements timed, one live game; a 429 counted by route', async () => {
    const metrics = new Metrics();
    // The store as main.ts opens it with metrics on (a file of this test's own: the harness's is for its default store).
    const path = join(dir, 'game.db');
    t = await openBotTable(3, {}, { rest: metrics.rest(), openStore: (o) => GameStore.open({ path, ...o, onCommitTime: metrics.committed }) });
    const bot = () => t!.bot;
    metrics.watchClient(bot().client, () => t!.discord.clock!.now());
    metrics.watch({ liveGames: () => bot().store.liveGames, lanes: () => bot().publisher.lanesLoad, pictureStretch: () => 1 });
    server = await serveMetrics(0, '127.0.0.1', scrapeOf(metrics.registry), pino({ level: 'silent' }));
    expect(server).not.toBeNull();
    const port = server!.port;

    const before = await scrape(port);
    expect(sample(before, 'fengsheng_live_games')).toBe(0);
    expect(sample(before, 'fengsheng_picture_stretch')).toBe(1);
    expect(sample(before, 'fengsheng_commits_total')).toBe(0);

    await openLobbyAndBegin(t);
    const { steps } = await playToEnd(t, 7, { maxSteps: 6 });
    expect(steps).toBe(6);
    const text = await scrape(port);
    const version = bot().store.known(await gameOf(t))!.version;
    expect(version).toBeGreaterThan(0);
    // Every action committed (clicks, and the bot's own passes) is counted and timed once.
    expect(sample(text, 'fengsheng_commits_total')).toBe(version);
    expect(sample(text, 'fengsheng_commit_seconds_count')).toBe(version);
    expect(sample(text, 'fengsheng_commit_seconds_sum')).toBeGreaterThan(0);
    // Every interaction's acknowledgement (its callback request, as the stand-in saw them) is timed.
    const callbacks = t.discord.world.requests.filter((r) => /^\/interactions\/\d+\/[^/]+\/callback/.test(r.path)).length;
    expect(callbacks).toBeGreaterThan(6);
    expect(sample(text, 'fengsheng_interaction_ack_seconds_count')).toBe(callbacks);
    expect(sample(text, 'fengsheng_interaction_ack_seconds_bucket{le="+Inf"}')).toBe(callbacks);
    // Each one's age when its packet was read, on the stand-in's clock (which stands still here).
    expect(sample(text, 'fengsheng_interaction_age_on_arrival_seconds_count')).toBe(callbacks);
    expect(sample(text, 'fengsheng_interaction_age_on_arrival_seconds_bucket{le="0.025"}')).toBe(callbacks);
    expect(sample(text, 'fengsheng_live_games')).toBe(1);
    expect(sample(text, 'fengsheng_pictures_queued')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'fengsheng_outbound_lanes{state="held"}')).toBe(0);
    expect(sample(text, 'fengsheng_outbound_lanes{state="working"}')).toBeGreaterThanOrEqual(0);
    const elu = sample(text, 'fengsheng_event_loop_utilization')!;
    expect(elu).toBeGreaterThan(0);
    expect(elu).toBeLessThanOrEqual(1);
    expect(sample(text, 'fengsheng_event_loop_busy_seconds_total')).toBeGreaterThan(0);
    // prom-client's default metrics: the process, and the event loop's lag.
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).not.toContain('fengsheng_discord_429_total{');

    // The stand-in answers the next message create in #general 429 (scope user); discord.js waits and sends it again.
    t.discord.rateLimit({ method: 'POST', path: '/channels/:id/messages', count: 1, retryAfter: 0.05 });
    await bot().client.rest.post(Routes.channelMessages(t.general.id), { body: { content: 'metrics' } });
    expect(t.discord.world.requests.filter((r) => r.status === 429)).toHaveLength(1);
    const limited = await scrape(port);
    expect(sample(limited, 'fengsheng_discord_429_total{method="POST",route="/channels/:id/messages",scope="user"}')).toBe(1);
  }, 120_000);
});

/** The TCP ports a process listens on (Linux: its socket descriptors, matched in /proc/net/tcp and tcp6). */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]);
    } catch {
      // closed meanwhile
    }
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // local address, state (0A: listening), inode
      if (f.length > 9 && f[3] === '0A' && inodes.has(f[9])) ports.push(Number.parseInt(f[1].split(':')[1], 16));
    }
  }
  return ports;
}

interface LogLine {
  msg: string;
  level?: number;
  pid: number;
  shard?: number;
  port?: number;
}

/** `npm start` as a child process (node, tsx, src/main.ts), its JSON log lines, and a wait for one. */
function startMain(env: Record<string, string>): { child: ChildProcess; line(ok: (l: LogLine) => boolean): Promise<LogLine> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, LOG_LEVEL: 'info', METRICS_PORT: '', METRICS_HOST: '', SHARDS: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: LogLine[] = [];
  const waiters = new Set<() => void>();
  createInterface({ input: child.stdout! }).on('line', (text) => {
    try {
      lines.push(JSON.parse(text) as LogLine);
    } catch {
      return;
    }
    for (const w of waiters) w();
  });
  const line = (ok: (l: LogLine) => boolean) =>
    new Promise<LogLine>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no such log line in 60 s; seen: ${lines.map((l) => l.msg).join(' | ')}; warnings and errors: ${JSON.stringify(lines.filter((l) => (l.level ?? 0) >= 40))}`)), 60_000);
      const check = () => {
        const hit = lines.find(ok);
        if (!hit) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(hit);
      };
      waiters.add(check);
      check();
    });
  return { child, line };
}

describe('metrics in npm start', () => {
  let discord: StandIn | undefined;
  const children: ChildProcess[] = [];
  afterEach(async () => {
    for (const c of children.splice(0)) c.kill('SIGKILL');
    await discord?.close();
    discord = undefined;
  });

  it('without METRICS_PORT no port is opened; with it, /metrics answers on that port alone', async () => {
    discord = await startStandIn({ clock: new ManualClock(), heartbeatIntervalMs: 600_000, limits: TEST_LIMITS });
    const env = { ...discord.env(), DATABASE_PATH: join(dir, 'npm-start.db') };

    const off = startMain(env);
    children.push(off.child);
    const offIn = await off.line((l) => l.msg === 'logged in');
    expect(offIn.pid).toBe(off.child.pid);
    expect(listeningPorts(off.child.pid!)).toEqual([]);
    off.child.kill('SIGTERM');
    await off.line((l) => l.msg === 'stopped');

    const on = startMain({ ...env, METRICS_PORT: '0' });
    children.push(on.child);
    const served = await on.line((l) => l.msg === 'metrics served at /metrics');
    await on.line((l) => l.msg === 'logged in');
    expect(listeningPorts(on.child.pid!)).toEqual([served.port]);
    const text = await scrape(served.port!);
    expect(sample(text, 'fengsheng_live_games')).toBe(0);
    expect(sample(text, 'fengsheng_commits_total')).toBe(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect((await fetch(`http://127.0.0.1:${served.port}/`)).status).toBe(404);
  }, 120_000);

  it('SHARDS=2: the manager serves its own metrics and each shard\'s, labelled with its shard', async () => {
    const clock = new ManualClock();
    discord = await startStandIn({ clock, heartbeatIntervalMs: 600_000, limits: TEST_LIMITS });
    const users = ['alice', 'bob', 'carol'].map((username) => discord!.createUser({ username, locale: 'zh-CN' }));
    const guilds = guildPerShard(discord, clock, users, 2);
    const env = discord.env();
    const main = startMain({ ...env, DATABASE_PATH: join(dir, 'shards.db'), SHARDS: '2', SHARD_SPAWN_DELAY_MS: '0', METRICS_PORT: '0' });
    children.push(main.child);
    const served = await main.line((l) => l.msg === 'metrics served at /metrics');
    await Promise.all([0, 1].map((id) => main.line((l) => l.msg === 'logged in' && l.shard === id)));
    // Only the manager listens (its REST proxy, and the metrics).
    for (const id of [0, 1]) expect(listeningPorts((await main.line((l) => l.msg === 'logged in' && l.shard === id)).pid)).toEqual([]);
    expect(listeningPorts(main.child.pid!)).toContain(served.port);

    // A game in shard 0's guild: shard 0 counts its commit and its game, shard 1 none.
    const g = guilds.find((x) => shardOf(x.id, 2) === 0)!;
    await registerCommands({ token: env.DISCORD_TOKEN, applicationId: env.DISCORD_APPLICATION_ID, guildId: g.id, apiBase: env.DISCORD_API_BASE });
    const channel = discord.channel(g, 'general');
    const lobby = await discord.runCommand(users[0], channel, 'fengsheng start', { characters: false }).response({ timeoutMs: 60_000 });
    // Discord answers the first join's acknowledgement 429: the manager's proxy counts Discord's answer (scope user), and
    // shard 0 the proxy's 429 to it (no scope: the proxy says none), and sends it again.
    discord.rateLimit({ method: 'POST', path: '/interactions/:id/:token/callback', count: 1, retryAfter: 0.05 });
    for (const u of users.slice(1)) await discord.click(u, { label: '加入', messageId: lobby.id }).response({ timeoutMs: 60_000 });
    await discord.click(users[0], { label: '开始', messageId: lobby.id }).response({ timeoutMs: 60_000 });
    await main.line((l) => l.msg === 'game created');

    const text = await scrape(served.port!);
    expect(sample(text, 'fengsheng_shard_metrics_up{shard="0"}')).toBe(1);
    expect(sample(text, 'fengsheng_shard_metrics_up{shard="1"}')).toBe(1);
    expect(sample(text, 'fengsheng_live_games{shard="0"}')).toBe(1);
    expect(sample(text, 'fengsheng_live_games{shard="1"}')).toBe(0);
    // The command, two joins and 开始.
    expect(sample(text, 'fengsheng_interaction_ack_seconds_count{shard="0"}')).toBe(4);
    expect(sample(text, 'fengsheng_interaction_ack_seconds_count{shard="1"}')).toBe(0);
    const callback429 = (labels: string) => sample(text, `fengsheng_discord_429_total{method="POST",route="/interactions/:id/:token/callback",${labels}}`);
    expect(callback429('scope="user",shard="manager"')).toBe(1);
    expect(callback429('scope="none",shard="0"')).toBe(1);
    expect(text).not.toMatch(/fengsheng_discord_429_total\{[^}]*shard="1"/);
    // The manager plays no game: no commits or acknowledgements of its own.
    expect(text).not.toMatch(/fengsheng_(commits_total|interaction_ack_seconds_count)\{shard="manager"\}/);
    for (const shard of ['manager', '0', '1']) expect(sample(text, `process_resident_memory_bytes{shard="${shard}"}`), shard).toBeGreaterThan(0);
  }, 180_000);
});

describe('Metrics', () => {
  it("the leases' hook: one call, read at each scrape", async () => {
    const metrics = new Metrics();
    expect(await metrics.registry.metrics()).not.toContain('fengsheng_leases_held');
    let held = 2;
    metrics.leases(() => held);
    expect(sample(await metrics.registry.metrics(), 'fengsheng_leases_held')).toBe(2);
    held = 1;
    expect(sample(await metrics.registry.metrics(), 'fengsheng_leases_held')).toBe(1);
  });
});

describe("an interaction's age on arrival", () => {
  it("is read from its id's time on Discord's clock, when its packet reaches the client", async () => {
    const metrics = new Metrics();
    const client = Object.assign(new EventEmitter(), { rest: new EventEmitter() });
    const made = 1_765_000_000_000;
    let now = made + 1_500;
    metrics.watchClient(client as unknown as Client, () => now);
    const id = SnowflakeUtil.generate({ timestamp: made }).toString();
    client.emit('raw', { t: 'INTERACTION_CREATE', d: { id } });
    client.emit('raw', { t: 'MESSAGE_CREATE', d: { id } });
    now = made - 50; // a host clock behind Discord's: no negative age
    client.emit('raw', { t: 'INTERACTION_CREATE', d: { id } });
    const text = await metrics.registry.metrics();
    expect(sample(text, 'fengsheng_interaction_age_on_arrival_seconds_count')).toBe(2);
    expect(sample(text, 'fengsheng_interaction_age_on_arrival_seconds_sum')).toBe(1.5);
    expect(sample(text, 'fengsheng_interaction_age_on_arrival_seconds_bucket{le="1"}')).toBe(1);
    expect(sample(text, 'fengsheng_interaction_age_on_arrival_seconds_bucket{le="2"}')).toBe(2);
  });
});

describe('routeOf', () => {
  it('one label per route: ids, tokens and reactions generalised as discord.js buckets them', () => {
    const base = 'https://discord.com/api/v10';
    expect(routeOf(`${base}/channels/123456789012345678/messages/223456789012345678?x=1`)).toBe('/channels/:id/messages/:id');
    expect(routeOf(`${base}/interactions/123456789012345678/aW50ZXJhY3Rpb246MTIz/callback?with_response=false`)).toBe('/interactions/:id/:token/callback');
    expect(routeOf(`${base}/webhooks/123456789012345678/aW50ZXJhY3Rpb246MTIz/messages/%40original`)).toBe('/webhooks/:id/:token/messages/%40original');
    expect(routeOf(`${base}/channels/123456789012345678/messages/223456789012345678/reactions/%F0%9F%91%8D/@me`)).toBe('/channels/:id/messages/:id/reactions/:reaction');
    expect(routeOf('http://127.0.0.1:4000/api/v10/users/@me/channels')).toBe('/users/@me/channels');
  });
});
