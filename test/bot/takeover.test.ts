// One owner per shard, across machines (issue 37 §1–2): real bot processes (`npm start`'s main.ts) on
// one database, the real client, the stand-in's sharded gateway. Of 3 shards, one process drives 0 and
// 2 (SHARD_IDS, one client with two shards), another drives 1, and a standby waits on the leases. The
// process of shard 1 is SIGKILLed: the standby takes that shard once its lease expires, recovers its
// game and moves it (a click commits); the time from the kill to that commit is measured (target
// ≤ 10 s). Then a rolling restart of the two-shard process: its new life waits, the old one is stopped
// with SIGTERM and releases its leases at once, and the new one goes on with the games. Last, a process
// paused (SIGSTOP) past its lease loses its shard to a spare, and once woken stops with exit 11.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { registerCommands } from '../../src/discord/register.js';
import { seedRng } from '../../src/engine/rng.js';
import { shardOf } from '../../src/store/index.js';
import { guildPerShard } from './shard-guilds.js';
import { ManualClock, startStandIn, TEST_LIMITS, type SeenMessage, type StandIn, type UserRecord } from '../support/discord/index.js';
import { pgDatabase } from '../support/pg-database.js';
import type { BotTable } from './harness.js';
import { actOnPanel } from './play.js';

interface LogLine {
  level: number;
  msg: string;
  pid: number;
  who: string;
  at: number;
  gameId?: number;
  guildId?: string;
  recovered?: number;
  shards?: number[];
  waitedMs?: number;
  err?: { message: string };
  heldBy?: { shard: number; pid: number }[];
}

const WAIT = { timeoutMs: 30_000 };
/** The lease of the test: the default. */
const LEASE_MS = 6_000;

describe('shards on leases across processes', () => {
  const children: ChildProcess[] = [];
  let discord: StandIn | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'fengsheng-takeover-'));
  afterEach(async () => {
    for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await discord?.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const store of ['SQLite', 'PostgreSQL'] as const)
    it(`on ${store}: a standby takes a SIGKILLed process's shards and moves its games within 10 s; SIGTERM hands them over at once`, async () => {
      const url = store === 'PostgreSQL' ? await pgDatabase('takeover') : null;
      const file = join(dir, `${store}.db`);
      const database = url ? { DATABASE_URL: url } : { DATABASE_PATH: file };
      const clock = new ManualClock();
      discord = await startStandIn({ clock, heartbeatIntervalMs: 600_000, limits: TEST_LIMITS });
      const users = ['alice', 'bob', 'carol'].map((username) => discord!.createUser({ username, locale: 'zh-CN' }));
      const guilds = guildPerShard(discord, clock, users, 3);
      expect(guilds.map((g) => shardOf(g.id, 3))).toEqual([0, 1, 2]);
      const env = discord.env();
      for (const g of guilds) await registerCommands({ token: env.DISCORD_TOKEN, applicationId: env.DISCORD_APPLICATION_ID, guildId: g.id, apiBase: env.DISCORD_API_BASE });

      const lines: LogLine[] = [];
      const waiters = new Set<() => void>();
      const waitLine = (ok: (l: LogLine) => boolean, from = 0): Promise<LogLine> =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no such log line in 60 s; seen: ${lines.map((l) => `${l.who}:${l.msg}${l.err ? ` (${l.err.message})` : ''}`).join(' | ')}`)), 60_000);
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
      const start = (who: string, extra: Record<string, string>) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
          cwd: process.cwd(),
          env: { ...process.env, ...env, ...database, SHARD_COUNT: '3', SHARD_LEASE_MS: String(LEASE_MS), LOG_LEVEL: 'info', ...extra },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        children.push(child);
        createInterface({ input: child.stdout! }).on('line', (text) => {
          try {
            lines.push({ ...(JSON.parse(text) as LogLine), who, at: performance.now() });
            for (const w of waiters) w();
          } catch {
            // not a log line
          }
        });
        const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
        return { child, exited };
      };
      const answer = (h: { response: (o: typeof WAIT) => Promise<SeenMessage> }) =>
        h.response(WAIT).catch((err: Error) => {
          throw new Error(`${err.message}; logged last: ${lines.slice(-30).map((l) => `${l.level}:${l.who}:${l.msg}${l.err ? ` (${l.err.message})` : ''}`).join(' | ')}`);
        });

      // Three shards: one process drives 0 and 2 (one client, two shards), another drives 1; a standby waits.
      const pair = start('pair', { SHARD_IDS: '0,2' });
      const one = start('one', { SHARD_IDS: '1' });
      await waitLine((l) => l.who === 'pair' && l.msg === 'logged in');
      await waitLine((l) => l.who === 'one' && l.msg === 'logged in');
      const standby = start('standby', {});
      await waitLine((l) => l.who === 'standby' && l.msg === 'waiting for shard leases (a standby)');
      const gameIds: number[] = [];
      for (const [k, g] of guilds.entries()) {
        const channel = discord.channel(g, 'general');
        const lobby = await answer(discord.runCommand(users[0], channel, 'fengsheng start', { characters: false }));
        for (const u of users.slice(1)) await answer(discord.click(u, { label: '加入', messageId: lobby.id }));
        await answer(discord.click(users[0], { label: '开始', messageId: lobby.id }));
        const created = await waitLine((l) => l.msg === 'game created' && l.guildId === g.id);
        expect(created.who).toBe(k === 1 ? 'one' : 'pair');
        gameIds.push(created.gameId!);
      }

      const versions = await versionReader(url, file);
      /** Clicks what the players' panels offer in a guild's game until one click commits; resolves when it has. */
      const moveGame = async (k: number, since: number) => {
        const [g, gameId] = [guilds[k], gameIds[k]];
        const before = await versions(gameId);
        const rng = seedRng(gameId);
        const table = { discord } as unknown as BotTable;
        for (let turn = 0; turn < 30; turn++) {
          for (const u of users as UserRecord[]) {
            const panel = await answer(discord!.runCommand(u, discord!.channel(g, 'general'), 'fengsheng hand'));
            if (panel.buttons.length || panel.selects.length) await actOnPanel(table, u, panel, rng);
            if ((await versions(gameId)) > before) return Math.round(performance.now() - since);
          }
        }
        throw new Error(`game ${gameId} did not move`);
      };

      // SIGKILL the process of shard 1: the standby takes that shard (only) once its lease expires, and its game moves there.
      const killedAt = performance.now();
      one.child.kill('SIGKILL');
      const taken = await waitLine((l) => l.who === 'standby' && l.msg === 'shard leases taken');
      expect(taken.shards).toEqual([1]);
      const opened = await waitLine((l) => l.who === 'standby' && l.msg === 'database open');
      expect(opened.recovered).toBe(1);
      await waitLine((l) => l.who === 'standby' && l.msg === 'logged in');
      const movedMs = await moveGame(1, killedAt);
      console.log(`takeover on ${store} (SHARD_LEASE_MS ${LEASE_MS}): shard 1's lease taken ${Math.round(taken.at - killedAt)} ms after the SIGKILL, its game moved (a click committed) ${movedMs} ms after it`);
      expect(movedMs).toBeLessThanOrEqual(10_000);

      // Rolling restart of the two-shard process: its new life waits, the old one is stopped (SIGTERM) and
      // releases its leases at once: the new one takes them at its next look, not after a lease.
      const back = start('back', { SHARD_IDS: '0,2' });
      await waitLine((l) => l.who === 'back' && l.msg === 'waiting for shard leases (a standby)');
      const termAt = performance.now();
      pair.child.kill('SIGTERM');
      await waitLine((l) => l.who === 'pair' && l.msg === 'shard leases released');
      expect(await pair.exited).toBe(0);
      const retaken = await waitLine((l) => l.who === 'back' && l.msg === 'shard leases taken');
      expect(retaken.shards).toEqual([0, 2]);
      expect(retaken.at - termAt).toBeLessThan(LEASE_MS);
      // A click sent before its shard is connected reaches nobody (Discord's "interaction failed"): players click again.
      const backIn = await waitLine((l) => l.who === 'back' && l.msg === 'logged in');
      const moved = await Promise.all([moveGame(0, termAt), moveGame(2, termAt)]);
      console.log(
        `rolling restart on ${store}: shards 0 and 2 taken ${Math.round(retaken.at - termAt)} ms after the SIGTERM, logged in (two identifies, 5 s apart) ${Math.round(backIn.at - termAt)} ms, their games moved ${moved.join(' and ')} ms after it`,
      );
      expect(Math.max(...moved)).toBeLessThanOrEqual(10_000);

      // A process paused (SIGSTOP) past its lease: a spare takes shard 1 over and its game moves there;
      // woken (SIGCONT), the paused one answers none of the clicks it missed and stops with exit 11.
      const spare = start('spare', {});
      await waitLine((l) => l.who === 'spare' && l.msg === 'waiting for shard leases (a standby)');
      const pausedAt = performance.now();
      standby.child.kill('SIGSTOP');
      const spareTook = await waitLine((l) => l.who === 'spare' && l.msg === 'shard leases taken');
      expect(spareTook.shards).toEqual([1]);
      await waitLine((l) => l.who === 'spare' && l.msg === 'logged in');
      const spareMoved = await moveGame(1, pausedAt);
      const woken = lines.length;
      standby.child.kill('SIGCONT');
      expect(await standby.exited).toBe(11);
      const after = lines.slice(woken).filter((l) => l.who === 'standby');
      // It names who holds the shard now: the spare.
      const lostLine = after.find((l) => l.msg.startsWith('another process took over shards of this one'));
      expect(lostLine?.heldBy).toEqual([expect.objectContaining({ shard: 1, pid: spare.child.pid })]);
      const leftAlone = after.filter((l) => l.msg.startsWith('an interaction while the shard leases may have lapsed')).length;
      console.log(`pause on ${store}: shard 1 taken by the spare ${Math.round(spareTook.at - pausedAt)} ms after the SIGSTOP, its game moved ${spareMoved} ms after it; the woken process left ${leftAlone} clicks to it and exited 11`);
      for (const p of [back, spare]) p.child.kill('SIGTERM');
      expect(await back.exited).toBe(0);
      expect(await spare.exited).toBe(0);
    }, 240_000);
});

/** Reads a game's version from the database behind the processes. */
async function versionReader(url: string | null, file: string): Promise<(gameId: number) => Promise<number>> {
  if (url) {
    return async (gameId) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        return Number((await c.query('SELECT version FROM games WHERE id = $1', [gameId])).rows[0].version);
      } finally {
        await c.end();
      }
    };
  }
  return async (gameId) => {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return (db.prepare('SELECT version FROM games WHERE id = ?').get(gameId) as { version: number }).version;
    } finally {
      db.close();
    }
  };
}
