// The bot as shards (issue 21 §1, §3): `SHARDS=2 npm start` runs discord.js's ShardingManager, one
// process per shard, on one SQLite file or one PostgreSQL database (DATABASE_URL). A game belongs to the shard of its guild: a shard killed
// mid-game comes back (the manager restarts it) and goes on with its games, while the other shard's
// games never pause. Real processes, the real client, the stand-in's sharded gateway.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { registerCommands } from '../../src/discord/register.js';
import { shardOf } from '../../src/store/index.js';
import { guildPerShard } from './shard-guilds.js';
import { ManualClock, startStandIn, TEST_LIMITS, type GuildRecord, type SeenMessage, type StandIn } from '../support/discord/index.js';
import { pgDatabase } from '../support/pg-database.js';

interface LogLine {
  level: number;
  msg: string;
  signal?: string;
  err?: { message: string };
  shard?: number;
  pid: number;
  gameId?: number;
  guildId?: string;
  recovered?: number;
  /** Who holds a lease this process lost (its last line). */
  heldBy?: unknown;
}

const WAIT = { timeoutMs: 60_000 };

describe('shards', () => {
  let manager: ChildProcess | undefined;
  const pids = new Set<number>();
  let discord: StandIn | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'fengsheng-shards-'));
  afterEach(async () => {
    manager?.kill('SIGKILL');
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    pids.clear();
    await discord?.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const store of ['SQLite', 'PostgreSQL'] as const)
  it(`two shards on ${store}: each drives its guilds; a killed shard restarts with its games while the other never pauses`, async () => {
    const database = store === 'PostgreSQL' ? { DATABASE_URL: await pgDatabase('shards') } : { DATABASE_PATH: join(dir, 'game.db') };
    const clock = new ManualClock();
    discord = await startStandIn({ clock, heartbeatIntervalMs: 600_000, limits: TEST_LIMITS });
    const users = ['alice', 'bob', 'carol'].map((username) => discord!.createUser({ username, locale: 'zh-CN' }));
    const guilds = guildPerShard(discord, clock, users, 2);
    expect(guilds.map((g) => shardOf(g.id, 2)).sort()).toEqual([0, 1]);
    const env = discord.env();
    for (const g of guilds) await registerCommands({ token: env.DISCORD_TOKEN, applicationId: env.DISCORD_APPLICATION_ID, guildId: g.id, apiBase: env.DISCORD_API_BASE });

    const lines: LogLine[] = [];
    const waiters = new Set<() => void>();
    const waitLine = (ok: (l: LogLine) => boolean, from = 0): Promise<LogLine> =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no such log line in 60 s; seen: ' + lines.map((l) => `${l.shard ?? '-'}:${l.msg}${l.err ? ` (${l.err.message})` : ''}${l.heldBy ? ` (held by ${JSON.stringify(l.heldBy)})` : ''}`).join(' | '))), 60_000);
        const check = () => {
          const hit = lines.slice(from).find(ok);
          if (hit) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(hit);
          }
        };
        waiters.add(check);
        check();
      });
    manager = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: process.cwd(),
      env: { ...process.env, ...env, ...database, SHARDS: '2', SHARD_SPAWN_DELAY_MS: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    createInterface({ input: manager.stdout! }).on('line', (text) => {
      try {
        const l = JSON.parse(text) as LogLine;
        lines.push(l);
        if (l.shard !== undefined) pids.add(l.pid);
        for (const w of waiters) w();
      } catch {
        // not a log line
      }
    });
    // Both shards reach Discord through the manager's REST proxy: one rate-limit budget.
    await waitLine((l) => l.msg === 'shards reach Discord through one REST proxy: one rate-limit budget');
    const loggedIn = await Promise.all([0, 1].map((id) => waitLine((l) => l.msg === 'logged in' && l.shard === id)));

    /** The bot's answer; a failure tells what the shards logged last (level, shard, message, error). */
    const answer = (h: { response: (o: typeof WAIT) => Promise<SeenMessage> }) =>
      h.response(WAIT).catch((err: Error) => {
        const tail = lines.slice(-40).map((l) => `${l.level}:${l.shard ?? '-'}:${l.msg}${l.err ? ` (${l.err.message})` : ''}`);
        throw new Error(`${err.message}; the shards logged last: ${tail.join(' | ')}`);
      });
    // A game in each guild, each created by its guild's shard.
    const tableOf = async (g: GuildRecord) => {
      const channel = discord!.channel(g, 'general');
      const lobby = await answer(discord!.runCommand(users[0], channel, 'fengsheng start', { characters: false }));
      for (const u of users.slice(1)) await answer(discord!.click(u, { label: '加入', messageId: lobby.id }));
      await answer(discord!.click(users[0], { label: '开始', messageId: lobby.id }));
      return channel;
    };
    for (const g of guilds) {
      await tableOf(g);
      const created = await waitLine((l) => l.msg === 'game created' && l.guildId === g.id);
      expect(created.shard).toBe(shardOf(g.id, 2));
    }
    /** bob's own info in a guild's game: answered privately, with his identity. */
    const info = async (g: GuildRecord) => {
      const m = await answer(discord!.runCommand(users[1], discord!.channel(g, 'general'), 'fengsheng hand'));
      return m.ephemeral && /身份/.test([m.content, ...m.embeds.flatMap((e) => [e.title ?? '', e.description ?? '', ...(e.fields ?? []).map((f) => `${f.name} ${f.value}`)])].join(' '));
    };

    // Kill the shard of the first guild: the other guild's game answers while it is down.
    const victim = shardOf(guilds[0].id, 2);
    const before = lines.length;
    process.kill(loggedIn[victim].pid, 'SIGKILL');
    await waitLine((l) => l.msg === 'shard process died; restarting it' && l.shard === victim, before);
    expect(await info(guilds[1])).toBe(true);
    // It comes back, recovers its one game (not the other shard's), and goes on.
    const reopened = await waitLine((l) => l.msg === 'database open' && l.shard === victim, before);
    expect(reopened.recovered).toBe(1);
    await waitLine((l) => l.msg === 'logged in' && l.shard === victim, before);
    expect(await info(guilds[0])).toBe(true);

    // The manager killed: each shard stops by itself (nobody would restart it), without a crash.
    const orphaned = lines.length;
    manager!.kill('SIGKILL');
    const stopped = await Promise.all([0, 1].map((id) => waitLine((l) => l.msg === 'stopped' && l.shard === id, orphaned)));
    expect(stopped.every((l) => l.level === 30)).toBe(true);
    expect(lines.slice(orphaned).filter((l) => l.msg === 'stopping').map((l) => l.signal)).toEqual(['the shard manager is gone', 'the shard manager is gone']);
  }, 240_000);
});
