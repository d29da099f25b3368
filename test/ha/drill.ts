// npm run ha:drill: the failover drill of docs/testing.md. It brings up the deployment of
// docs/operations.md on this machine (cluster.ts: etcd, three PostgreSQL nodes under Patroni with
// synchronous replication, HAProxy to the primary, PgBouncer in transaction mode), starts the bot as it
// ships with SHARDS=2 (two shard processes) against the local Discord stand-in, with DATABASE_URL on
// PgBouncer and DATABASE_DIRECT_URL on HAProxy, and has scripted people play games (as the live bench
// does: test/bench/live/people.ts). Once every game has moved a few times it kills the primary's
// machine (SIGKILL to the Patroni leader and its postgres) and counts:
//   - processes crashed (the bot's manager and its shards; target 0),
//   - acknowledged actions lost: every log row read before the kill, and every decision a player was
//     shown (a panel's or the table's custom_id names the version that opened it), must be in the log
//     after (target 0),
//   - seconds from the kill until every live game committed a move again (target ≤ 30),
//   - the 出错了 answers players got meanwhile, and the pause and resume notices.
// Then it stops everything and removes its folder. Exit code 0 when every target is met, 1 when not,
// 2 when a Debian package is missing (the line to install them is printed).
// Knobs: HA_GAMES (default 8), HA_PORT_BASE (default 25400), HA_KEEP=1 keeps the folder (logs), SHARD_LEASE_MS (default: the bot's).
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { registerCommands } from '../../src/discord/register.js';
import { t } from '../../src/i18n/index.js';
import { randInt, seedRng } from '../../src/engine/rng.js';
import { startStandIn, type StandIn } from '../support/discord/index.js';
import { BotProcess } from '../bench/live/bot-process.js';
import { Observer } from '../bench/live/observer.js';
import { isOver, Table, type PeopleStats } from '../bench/live/people.js';
import { Cluster, KILL_MODES, type KillMode, missingBinaries, PACKAGES, ports, until } from './cluster.js';
import { openPostgres } from '../../src/store/pg/connection.js';
import { sql } from 'drizzle-orm';
import { logger } from '../../src/log.js';

const GAMES = Number(process.env.HA_GAMES ?? 8);
const BASE = Number(process.env.HA_PORT_BASE ?? 25400);
const KEEP = process.env.HA_KEEP === '1';
const KILL = (process.env.HA_KILL ?? 'machine') as KillMode;
// The shards' leases: the bot's default (6 s, shorter than the failover's 10 s) unless SHARD_LEASE_MS is given.
const LEASE_MS = process.env.SHARD_LEASE_MS;
const TARGET_S = 30;
/** Moves each game makes before the kill, and after the failover, so both sides are seen at play. */
const MOVES_BEFORE = 6;
const MOVES_AFTER = 3;

const INTERNAL = t('zh-CN', 'err.internal');
const PAUSED = t('zh-CN', 'err.paused');
const RESUMED = t('zh-CN', 'err.resumed');

const t0 = Date.now();
const say = (s: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s] ${s}`);

function portFree(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const s = createServer();
    s.once('error', () => ok(false));
    s.listen(port, '127.0.0.1', () => s.close(() => ok(true)));
  });
}

interface Row {
  game_id: number;
  version: number;
  action: string;
  at: number;
}

/** The drill's reads: one direct session through HAProxy (it follows the primary), reopened when it breaks. */
class Reader {
  private client: pg.Client | null = null;
  constructor(private readonly url: string) {}
  async query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
    try {
      if (!this.client) {
        const c = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 2000, query_timeout: 5000 });
        c.on('error', () => {});
        await c.connect();
        this.client = c;
      }
      return (await this.client.query<T>(sql, params)).rows;
    } catch (err) {
      const c = this.client;
      this.client = null;
      await c?.end().catch(() => {});
      throw err;
    }
  }
  /** The rows, or undefined while the database cannot answer (for until()). */
  async tryQuery<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[] | undefined> {
    return this.query<T>(sql, params).catch(() => undefined);
  }
  async close(): Promise<void> {
    await this.client?.end().catch(() => {});
  }
}

/** Per game id: the highest decision version a message the players can see names in a custom_id. */
function shownVersions(discord: StandIn): Map<number, number> {
  const out = new Map<number, number>();
  const visit = (c: unknown) => {
    if (!c || typeof c !== 'object') return;
    const o = c as { custom_id?: string; components?: unknown[] };
    const m = o.custom_id ? /^fs:(\d+):(\d+):/.exec(o.custom_id) : null;
    if (m) out.set(Number(m[1]), Math.max(out.get(Number(m[1])) ?? 0, Number(m[2])));
    for (const x of o.components ?? []) visit(x);
  };
  for (const m of discord.world.messages.values()) if (!m.deleted) for (const c of m.components) visit(c);
  return out;
}

const KILL_WHAT: Record<KillMode, string> = { machine: 'Patroni and its postgres', postgres: 'its postgres', patroni: 'its Patroni' };

/**
 * What the pooled mode's SET LOCAL costs: a transaction of one SELECT through PgBouncer, with and
 * without the line the bot runs first in each (pg/connection.ts transactionTimeouts), interleaved.
 */
async function setLocalCost(pooledUrl: string, directUrl: string, n = 1000): Promise<{ n: number; with: number; without: number }> {
  const conn = await openPostgres(pooledUrl, { directUrl, logger: logger.child({}, { level: 'silent' }), max: 1 });
  const total = { with: 0, without: 0 };
  try {
    for (let i = 0; i < 2 * n; i++) {
      const withIt = i % 2 === 0;
      const start = process.hrtime.bigint();
      await conn.db.transaction(async (tx) => {
        if (withIt) await tx.execute(sql.raw(conn.beginSql!));
        await tx.execute(sql`SELECT 1`);
      });
      total[withIt ? 'with' : 'without'] += Number(process.hrtime.bigint() - start) / 1000;
    }
  } finally {
    await conn.close();
  }
  return { n, with: total.with / n, without: total.without / n };
}

async function main(): Promise<number> {
  const missing = missingBinaries();
  if (missing.length) {
    console.error(`missing: ${missing.join(', ')}. Install them with:\n  apt-get install -y ${PACKAGES.join(' ')}`);
    return 2;
  }
  if (!KILL_MODES.includes(KILL)) {
    console.error(`HA_KILL must be one of ${KILL_MODES.join(', ')}`);
    return 2;
  }
  const p = ports(BASE);
  const all = [p.haproxy, p.pgbouncer, p.etcdClient, p.etcdPeer, ...[0, 1, 2].flatMap((i) => [p.pg(i), p.rest(i)])];
  const busy = [];
  for (const port of all) if (!(await portFree(port))) busy.push(port);
  if (busy.length) {
    console.error(`ports in use: ${busy.join(', ')}; set HA_PORT_BASE to another base (ports base … base+80 are used)`);
    return 2;
  }
  const dir = mkdtempSync(join(tmpdir(), 'fengsheng-ha-'));
  // The cluster's folder within runs as the postgres user: it must be able to reach it.
  chmodSync(dir, 0o755);
  const cluster = new Cluster(join(dir, 'cluster'), BASE);
  mkdirSync(cluster.dir);
  mkdirSync(join(dir, 'bot'));
  let discord: StandIn | null = null;
  let bot: BotProcess | null = null;
  let observer: Observer | null = null;
  const reader = new Reader(cluster.directUrl);
  const tables: Table[] = [];
  const tableOf = new Map<string, Table>();
  let ok = false;
  try {
    await cluster.up(say);
    const cost = await setLocalCost(cluster.pooledUrl, cluster.directUrl);
    say(`a transaction through PgBouncer: ${cost.without.toFixed(0)} µs, ${cost.with.toFixed(0)} µs with its SET LOCAL timeouts (mean of ${cost.n} each)`);
    discord = await startStandIn();
    const env = discord.env();
    await registerCommands({ token: env.DISCORD_TOKEN, applicationId: env.DISCORD_APPLICATION_ID, guildId: null, apiBase: env.DISCORD_API_BASE });
    bot = await BotProcess.start({ ...env, DATABASE_URL: cluster.pooledUrl, DATABASE_DIRECT_URL: cluster.directUrl, SHARDS: '2', ...(LEASE_MS ? { SHARD_LEASE_MS: LEASE_MS } : {}) }, join(dir, 'bot'), 120_000);
    const botLog = () => readFileSync(bot!.logPath, 'utf8');
    await until('both shards to log in', 120_000, () => ((botLog().match(/"msg":"logged in"/g) ?? []).length >= 2 ? true : undefined));
    const shardPids = new Set([...botLog().matchAll(/"pid":(\d+),[^\n]*"msg":"logged in"/g)].map((m) => Number(m[1])));
    say(`bot up: manager pid ${bot.pid}, shard pids ${[...shardPids].join(', ')}; DATABASE_URL=${cluster.pooledUrl} DATABASE_DIRECT_URL=${cluster.directUrl}`);

    // The games: a server each, five scripted people, as the live bench opens them.
    const obs = new Observer(discord);
    observer = obs;
    const stats: PeopleStats = { errors: 0, lastError: '' };
    const rng = seedRng(37);
    const random = () => randInt(rng, 1_000_000) / 1_000_000;
    const d = discord;
    const channels = await Promise.all(
      Array.from({ length: GAMES }, async (_, n) => {
        const users = Array.from({ length: 5 }, (_, i) => d.createUser({ username: `ha${n}p${i}`, locale: 'zh-CN' }));
        const guild = d.createGuild({ name: `风声 ${n}`, members: users, locale: 'zh-CN', channels: ['game'] });
        const channel = d.channel(guild, 'game');
        const table = new Table(d, obs, channel, users, random, stats);
        tables.push(table);
        tableOf.set(channel.id, table);
        let begun = false;
        obs.watchTable(channel.id, () => {
          if (!begun) {
            begun = true;
            table.start();
          }
          const m = obs.table(channel.id);
          if (m && isOver(m)) table.stop();
          table.changed();
        });
        const lobby = await obs.response(d.runCommand(users[0], channel, 'fengsheng start', { characters: true }));
        for (const u of users.slice(1)) await obs.response(d.click(u, { label: '加入', messageId: lobby.id }));
        await obs.response(d.click(users[0], { label: '开始', messageId: lobby.id }));
        if (!begun) {
          begun = true;
          table.start();
        }
        return channel.id;
      }),
    );
    const gameIds = async () => (await reader.query<{ id: number; channel_id: string }>('SELECT id, channel_id FROM games')).filter((g) => channels.includes(g.channel_id)).map((g) => g.id);
    say(`${GAMES} games begun`);
    await until(`every game to make ${MOVES_BEFORE} moves`, 180_000, async () => {
      const rows = await reader.query<{ n: number }>('SELECT count(*)::int AS n FROM games WHERE version >= $1', [MOVES_BEFORE]);
      return rows[0]!.n >= GAMES ? true : undefined;
    });

    // What the players have been shown, and the log, just before the kill.
    const live = (await reader.query<{ id: number }>("SELECT id FROM games WHERE status = 'active'")).map((r) => r.id);
    const shownBefore = shownVersions(discord);
    const before = await reader.query<Row>('SELECT game_id, version, action, at FROM actions ORDER BY game_id, version');
    const leader = (await cluster.leader())!;
    const killAt = Date.now();
    cluster.killNode(leader, KILL);
    say(`killed pg${leader} (${KILL_WHAT[KILL]}, SIGKILL): ${before.length} log rows and ${live.length} live games before`);

    // Meanwhile: what players are told, sampled as it comes (a reply may be edited later).
    const internal = new Set<string>();
    const paused = new Set<string>();
    const resumed = new Set<string>();
    const sample = () => {
      for (const m of d.world.messages.values()) {
        if ((m.editedAt ?? m.createdAt) < killAt) continue;
        if (m.content.includes(INTERNAL)) internal.add(`${m.id}:${m.revision}`);
        if (m.content.includes(PAUSED)) paused.add(m.id);
        if (m.content.includes(RESUMED) && !resumed.has(m.id)) {
          resumed.add(m.id);
          // Told 恢复后请再点一次 when their move could not be saved, the players click again.
          tableOf.get(m.channelId)?.resumed();
        }
      }
    };
    const sampler = setInterval(sample, 200);
    let promotedAt: number | null = null;
    let newLeader: number | null = null;
    const watchLeader = setInterval(() => {
      if (promotedAt !== null) return;
      void cluster.leader().then((l) => {
        if (l !== null && l !== leader && promotedAt === null) {
          promotedAt = Date.now();
          newLeader = l;
        }
      });
    }, 200);
    let movedAll: number | null = null;
    const firstMove = new Map<number, number>();
    try {
      await until('every live game to move again', 120_000, async () => {
        const rows = await reader.tryQuery<{ game_id: number; first: number }>('SELECT game_id, min(at) AS first FROM actions WHERE at > $1 GROUP BY game_id', [killAt]);
        if (!rows) return undefined;
        for (const r of rows) firstMove.set(r.game_id, r.first);
        // A game that ended at its last move before the kill has nothing left to move.
        const still = (await reader.tryQuery<{ id: number }>("SELECT id FROM games WHERE status = 'active'"))?.map((r) => r.id);
        if (!still) return undefined;
        return live.every((g) => firstMove.has(g) || !still.includes(g)) ? true : undefined;
      });
      movedAll = Math.max(...live.map((g) => firstMove.get(g) ?? killAt));
      say(`every live game moved again ${((movedAll - killAt) / 1000).toFixed(1)} s after the kill`);
    } catch (err) {
      const stuck = live.filter((g) => !firstMove.has(g));
      say(`${(err as Error).message}: ${stuck.length} of ${live.length} games never moved again (game ${stuck.join(', ')})`);
    }
    // A few moves more, so the games are seen to go on, not merely to have moved once.
    const ids = await gameIds();
    await until(`every game still live to make ${MOVES_AFTER} more moves`, 60_000, async () => {
      const rows = await reader.tryQuery<{ id: number; status: string; n: number }>(
        'SELECT g.id, g.status, (SELECT count(*)::int FROM actions a WHERE a.game_id = g.id AND a.at > $1) AS n FROM games g WHERE g.id = ANY($2)',
        [killAt, ids],
      );
      return rows?.every((r) => r.status !== 'active' || r.n >= MOVES_AFTER) ? true : undefined;
    }).catch((err) => say((err as Error).message));
    clearInterval(watchLeader);
    clearInterval(sampler);
    sample();

    // What was acknowledged before the kill against the log after it.
    const after = await reader.query<Row>('SELECT game_id, version, action, at FROM actions ORDER BY game_id, version');
    const afterKey = new Map(after.map((r) => [`${r.game_id}:${r.version}`, r.action]));
    const rowsLost = before.filter((r) => afterKey.get(`${r.game_id}:${r.version}`) !== r.action).length;
    const versions = new Map((await reader.query<{ id: number; version: number }>('SELECT id, version FROM games')).map((r) => [r.id, r.version]));
    let shownLost = 0;
    for (const [game, v] of shownBefore) if ((versions.get(game) ?? 0) < v) shownLost++;
    const log = botLog();
    const deaths = (log.match(/"msg":"shard process died; restarting it"/g) ?? []).length;
    const shardsNow = new Set([...log.matchAll(/"pid":(\d+),[^\n]*"msg":"logged in"/g)].map((m) => Number(m[1])));
    const crashed = deaths + (bot.alive ? 0 : 1) + [...shardsNow].filter((pid) => !shardPids.has(pid)).length;
    const unhandled = (log.match(/"msg":"unhandled rejection"/g) ?? []).length;
    const seconds = movedAll === null ? null : (movedAll - killAt) / 1000;
    const clicks = obs.clicks.filter((c) => c.at >= killAt);

    console.log('\nfailover drill (issue 37): three PostgreSQL 15 nodes under Patroni (synchronous), etcd, HAProxy, PgBouncer (transaction mode); the bot with SHARDS=2');
    console.log(`  games                                  ${GAMES} (${live.length} live at the kill), ${after.length} log rows in all`);
    console.log(`  killed                                 pg${leader} (the leader: ${KILL_WHAT[KILL]}); new leader pg${newLeader ?? '?'} seen ${promotedAt === null ? '?' : ((promotedAt - killAt) / 1000).toFixed(1)} s after`);
    console.log(`  processes crashed                      ${crashed} (shard deaths ${deaths}, manager ${bot.alive ? 'alive' : 'gone'}; unhandled rejections logged ${unhandled})   target 0`);
    console.log(`  acknowledged actions lost              ${rowsLost + shownLost} (log rows read before the kill missing or changed after: ${rowsLost} of ${before.length}; games whose shown decision is past their log: ${shownLost} of ${shownBefore.size})   target 0`);
    console.log(`  seconds until every live game moved    ${seconds === null ? 'never (within 120 s)' : seconds.toFixed(1)}   target ≤ ${TARGET_S}`);
    console.log(`  出错了 answers after the kill          ${internal.size}`);
    console.log(`  pause notices / resume notices         ${paused.size} / ${resumed.size}`);
    console.log(`  clicks after the kill                  ${clicks.length}; script errors (unanswered clicks) ${stats.errors}${stats.errors ? ` (last: ${stats.lastError})` : ''}`);
    ok = crashed === 0 && rowsLost + shownLost === 0 && seconds !== null && seconds <= TARGET_S;
    console.log(ok ? '  PASS' : '  FAIL');
    return ok ? 0 : 1;
  } finally {
    for (const tb of tables) tb.stop();
    observer?.close();
    await reader.close();
    await bot?.stop(10_000);
    await discord?.close();
    // A failed drill keeps its logs (the bot's, each node's, HAProxy's, PgBouncer's).
    const keep = KEEP || !ok;
    await cluster.stop(keep);
    if (keep) console.log(`kept: ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
