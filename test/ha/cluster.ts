// The deployment of docs/operations.md ("PostgreSQL that fails over") on this machine, for the drill
// (drill.ts): one etcd, three PostgreSQL 15 nodes under Patroni with synchronous replication, HAProxy
// sending connections to whichever node Patroni's REST API says is the primary (GET /primary), and
// PgBouncer in transaction mode in front of HAProxy. Everything lives in one temp folder, on loopback
// ports of its own (HA_PORT_BASE, default 25400), and is torn down by stop(). PostgreSQL and PgBouncer
// refuse to run as root, so when we are root they run as the `postgres` user.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

/** Debian 12's packages: what the drill needs, and the command that installs them. */
export const PACKAGES = ['postgresql-15', 'patroni', 'etcd-server', 'haproxy', 'pgbouncer'];
const BINARIES: Record<string, string> = {
  patroni: '/usr/bin/patroni',
  etcd: '/usr/bin/etcd',
  haproxy: '/usr/sbin/haproxy',
  pgbouncer: '/usr/sbin/pgbouncer',
  postgres: '/usr/lib/postgresql/15/bin/postgres',
};

/** The binaries missing, by name (empty: all there). */
export function missingBinaries(): string[] {
  return Object.entries(BINARIES)
    .filter(([, path]) => !existsSync(path))
    .map(([name]) => name);
}

export interface Ports {
  haproxy: number;
  pgbouncer: number;
  etcdClient: number;
  etcdPeer: number;
  /** PostgreSQL's port of node i. */
  pg: (i: number) => number;
  /** Patroni's REST API of node i. */
  rest: (i: number) => number;
}

export function ports(base: number): Ports {
  return {
    haproxy: base,
    pgbouncer: base + 32,
    etcdClient: base + 79,
    etcdPeer: base + 80,
    pg: (i) => base + 1 + i,
    rest: (i) => base + 11 + i,
  };
}

export const NODES = 3;
export type KillMode = 'machine' | 'postgres' | 'patroni';
export const KILL_MODES: KillMode[] = ['machine', 'postgres', 'patroni'];
const SUPERUSER_PASSWORD = 'drill-superuser';
const BOT_ROLE = 'fengsheng';
const BOT_DB = 'fengsheng';

interface Member {
  name: string;
  role: string;
  state: string;
  lag?: number | string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every `everyMs` until it returns a value (not undefined) or `timeoutMs` passes. */
export async function until<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined> | T | undefined, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

export class Cluster {
  private readonly procs = new Map<string, ChildProcess>();
  private readonly uid: number | undefined;
  private readonly gid: number | undefined;
  readonly p: Ports;

  constructor(
    readonly dir: string,
    base: number,
  ) {
    this.p = ports(base);
    const root = process.getuid?.() === 0;
    this.uid = root ? Number(execFileSync('id', ['-u', 'postgres']).toString().trim()) : undefined;
    this.gid = root ? Number(execFileSync('id', ['-g', 'postgres']).toString().trim()) : undefined;
  }

  /** The bot's pooled URL: PgBouncer in transaction mode (DATABASE_URL). */
  get pooledUrl(): string {
    return `postgres://${BOT_ROLE}@127.0.0.1:${this.p.pgbouncer}/${BOT_DB}`;
  }

  /** A direct session to the primary through HAProxy (DATABASE_DIRECT_URL): migrations, and the drill's reads. */
  get directUrl(): string {
    return `postgres://${BOT_ROLE}@127.0.0.1:${this.p.haproxy}/${BOT_DB}`;
  }

  private mine(path: string): void {
    if (this.uid !== undefined) chownSync(path, this.uid, this.gid!);
  }

  private folder(name: string, mode = 0o700): string {
    const d = join(this.dir, name);
    mkdirSync(d, { recursive: true, mode });
    this.mine(d);
    return d;
  }

  private start(name: string, cmd: string, args: string[], asPostgres: boolean): ChildProcess {
    const out = createWriteStream(join(this.dir, `${name}.log`));
    const child = spawn(cmd, args, {
      cwd: this.dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: stop() and kill() reach the node's postgres too.
      detached: true,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: this.dir },
      ...(asPostgres && this.uid !== undefined ? { uid: this.uid, gid: this.gid } : {}),
    });
    // Both into one file: neither may end it while the other still writes.
    child.stdout!.pipe(out, { end: false });
    child.stderr!.pipe(out, { end: false });
    child.once('close', () => out.end());
    this.procs.set(name, child);
    // However the drill ends, nothing of the cluster is left running (postgres runs in a session of its own).
    const orphan = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {}
      this.killPostmasters();
    };
    process.once('exit', orphan);
    child.once('exit', () => process.off('exit', orphan));
    return child;
  }

  /** Brings up etcd, the three nodes (the first bootstraps), HAProxy and PgBouncer; resolves once a leader and a synchronous standby stream. */
  async up(log: (s: string) => void): Promise<void> {
    this.mine(this.dir);
    execFileSync('chmod', ['755', this.dir]);
    const { p } = this;
    this.start(
      'etcd',
      BINARIES.etcd,
      [
        '--name=e1',
        `--data-dir=${join(this.dir, 'etcd')}`,
        `--listen-client-urls=http://127.0.0.1:${p.etcdClient}`,
        `--advertise-client-urls=http://127.0.0.1:${p.etcdClient}`,
        `--listen-peer-urls=http://127.0.0.1:${p.etcdPeer}`,
        `--initial-advertise-peer-urls=http://127.0.0.1:${p.etcdPeer}`,
        `--initial-cluster=e1=http://127.0.0.1:${p.etcdPeer}`,
        '--log-level=warn',
      ],
      false,
    );
    await until('etcd', 30_000, async () => ((await fetch(`http://127.0.0.1:${p.etcdClient}/health`).catch(() => null))?.ok ? true : undefined));
    log(`etcd up on 127.0.0.1:${p.etcdClient}`);
    for (let i = 0; i < NODES; i++) {
      this.folder(`pg${i}`);
      this.folder(`sock${i}`, 0o755);
      const yml = join(this.dir, `patroni${i}.yml`);
      writeFileSync(yml, this.patroniYaml(i));
      this.mine(yml);
      this.start(`patroni${i}`, BINARIES.patroni, [yml], true);
      // The first node bootstraps the cluster alone; the others then copy it (pg_basebackup).
      if (i === 0) await until('the first node to lead', 90_000, async () => ((await this.members()).find((m) => m.role === 'leader' && m.state === 'running') ? true : undefined));
    }
    await until('a leader, a synchronous standby and a streaming replica', 120_000, async () => {
      const m = await this.members();
      const running = m.filter((x) => x.state === 'running' || x.state === 'streaming');
      return running.length === NODES && m.some((x) => x.role === 'leader') && m.some((x) => x.role === 'sync_standby') ? true : undefined;
    });
    log(`patroni: ${(await this.members()).map((m) => `${m.name} ${m.role}`).join(', ')}`);
    const cfg = join(this.dir, 'haproxy.cfg');
    writeFileSync(cfg, this.haproxyCfg());
    this.start('haproxy', BINARIES.haproxy, ['-db', '-f', cfg], false);
    // The bot's role and database, made through HAProxy as the superuser.
    // HAProxy takes every server as up until its checks say otherwise: wait until only the primary is.
    const leader = await this.leader();
    await until('HAProxy to send connections to the primary alone', 30_000, async () => {
      const up = await this.haproxyUp();
      return up.length === 1 && up[0] === `pg${leader}` ? true : undefined;
    });
    this.psql(`postgres://postgres:${SUPERUSER_PASSWORD}@127.0.0.1:${p.haproxy}/postgres`, `CREATE ROLE ${BOT_ROLE} LOGIN`);
    this.psql(`postgres://postgres:${SUPERUSER_PASSWORD}@127.0.0.1:${p.haproxy}/postgres`, `CREATE DATABASE ${BOT_DB} OWNER ${BOT_ROLE}`);
    const ini = join(this.dir, 'pgbouncer.ini');
    writeFileSync(ini, this.pgbouncerIni());
    writeFileSync(join(this.dir, 'userlist.txt'), `"${BOT_ROLE}" ""\n`);
    this.mine(ini);
    this.mine(join(this.dir, 'userlist.txt'));
    this.start('pgbouncer', BINARIES.pgbouncer, [ini], true);
    await until('PgBouncer', 30_000, () => this.onPrimary(this.pooledUrl));
    log(`HAProxy on 127.0.0.1:${p.haproxy} (the primary), PgBouncer on 127.0.0.1:${p.pgbouncer} (transaction mode)`);
  }

  /** The servers HAProxy sends connections to now (its stats socket's `show stat`: UP, or UP 1/2 while going down). */
  haproxyUp(): Promise<string[]> {
    return new Promise((ok) => {
      let out = '';
      const sock = connect(join(this.dir, 'haproxy.sock'), () => sock.end('show stat\n'));
      sock.setEncoding('utf8').on('data', (c: string) => (out += c));
      sock.on('error', () => ok([]));
      sock.on('close', () =>
        ok(
          out
            .split('\n')
            .map((l) => l.split(','))
            .filter((f) => f[0] === 'primary' && /^pg\d$/.test(f[1] ?? '') && f[17]?.startsWith('UP'))
            .map((f) => f[1]!),
        ),
      );
    });
  }

  /** True when `url` reaches a primary (not a standby); undefined otherwise. */
  onPrimary(url: string): true | undefined {
    try {
      return this.psql(url, 'SELECT NOT pg_is_in_recovery()').trim() === 't' ? true : undefined;
    } catch {
      return undefined;
    }
  }

  psql(url: string, sql: string): string {
    return execFileSync('psql', ['-X', '-q', '-t', '-A', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', sql], { stdio: ['ignore', 'pipe', 'pipe'], timeout: 10_000 }).toString();
  }

  /** The members as Patroni's REST API lists them (GET /cluster on any node that answers). */
  async members(): Promise<Member[]> {
    for (let i = 0; i < NODES; i++) {
      const r = await fetch(`http://127.0.0.1:${this.p.rest(i)}/cluster`, { signal: AbortSignal.timeout(1000) }).catch(() => null);
      if (r?.ok) return ((await r.json()) as { members: Member[] }).members;
    }
    return [];
  }

  async leader(): Promise<number | null> {
    const l = (await this.members()).find((m) => m.role === 'leader');
    return l ? Number(l.name.replace('pg', '')) : null;
  }

  /**
   * The running postmaster of node i (postmaster.pid's first line, checked against /proc: a killed
   * one leaves its file behind, and its pid may since be another process's), or null.
   */
  postmasterPid(i: number): number | null {
    try {
      const dataDir = join(this.dir, `pg${i}`);
      const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dataDir) ? pid : null;
    } catch {
      return null;
    }
  }

  /** SIGKILLs every node's running postmaster. */
  private killPostmasters(): void {
    for (let i = 0; i < NODES; i++) {
      const pm = this.postmasterPid(i);
      if (pm) {
        try {
          process.kill(pm, 'SIGKILL');
        } catch {}
      }
    }
  }

  /**
   * The primary killed, as HA_KILL says: 'machine' (default) SIGKILLs node i's Patroni and its postgres
   * at once (the leader key then expires in etcd and a replica is promoted); 'postgres' SIGKILLs its
   * postmaster alone (Patroni, still leader, restarts it); 'patroni' SIGKILLs Patroni alone (its postgres
   * lives on, cut off: HAProxy stops sending to it when the REST check fails, and a replica is promoted).
   */
  killNode(i: number, how: KillMode = 'machine'): void {
    const child = this.procs.get(`patroni${i}`);
    const pm = this.postmasterPid(i);
    if (how !== 'postgres' && child?.pid) process.kill(how === 'machine' ? -child.pid : child.pid, 'SIGKILL');
    if (how !== 'patroni' && pm) {
      try {
        process.kill(pm, 'SIGKILL');
      } catch {}
    }
  }

  /** Everything stopped (SIGTERM, then SIGKILL after 10 s) and the folder removed. */
  async stop(keep = false): Promise<void> {
    const order = ['pgbouncer', 'haproxy', ...Array.from({ length: NODES }, (_, i) => `patroni${i}`), 'etcd'];
    for (const name of order) {
      const child = this.procs.get(name);
      if (!child?.pid || child.exitCode !== null || child.signalCode !== null) continue;
      const gone = new Promise<void>((ok) => child.once('exit', () => ok()));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
      const t = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {}
      }, 10_000);
      await gone;
      clearTimeout(t);
    }
    // A postgres left by a killed Patroni (its own group is gone with it, but be sure).
    this.killPostmasters();
    if (!keep) rmSync(this.dir, { recursive: true, force: true });
  }

  private patroniYaml(i: number): string {
    const { p } = this;
    return `scope: fengsheng-drill
name: pg${i}
log:
  level: WARNING
restapi:
  listen: 127.0.0.1:${p.rest(i)}
  connect_address: 127.0.0.1:${p.rest(i)}
etcd3:
  hosts: 127.0.0.1:${p.etcdClient}
bootstrap:
  dcs:
    ttl: 10
    loop_wait: 1
    retry_timeout: 4
    maximum_lag_on_failover: 1048576
    synchronous_mode: true
    postgresql:
      use_pg_rewind: false
      parameters:
        wal_level: replica
        hot_standby: 'on'
        max_wal_senders: 10
        max_replication_slots: 10
        wal_keep_size: 128MB
        max_connections: 100
        fsync: 'on'
  initdb:
    - encoding: UTF8
    - locale: C.UTF-8
  pg_hba:
    - local all all trust
    - host replication replicator 127.0.0.1/32 trust
    - host all all 127.0.0.1/32 trust
postgresql:
  listen: 127.0.0.1:${p.pg(i)}
  connect_address: 127.0.0.1:${p.pg(i)}
  data_dir: ${join(this.dir, `pg${i}`)}
  bin_dir: /usr/lib/postgresql/15/bin
  pgpass: ${join(this.dir, `pgpass${i}`)}
  authentication:
    superuser:
      username: postgres
      password: ${SUPERUSER_PASSWORD}
    replication:
      username: replicator
      password: drill-replicator
  parameters:
    unix_socket_directories: ${join(this.dir, `sock${i}`)}
`;
  }

  private haproxyCfg(): string {
    const { p } = this;
    const servers = Array.from({ length: NODES }, (_, i) => `  server pg${i} 127.0.0.1:${p.pg(i)} check port ${p.rest(i)}`).join('\n');
    return `global
  maxconn 500
  stats socket ${join(this.dir, 'haproxy.sock')} mode 600 level admin

defaults
  mode tcp
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 1s

listen primary
  bind 127.0.0.1:${p.haproxy}
  option httpchk GET /primary
  http-check expect status 200
  default-server inter 1s fall 2 rise 2 on-marked-down shutdown-sessions
${servers}
`;
  }

  private pgbouncerIni(): string {
    const { p } = this;
    return `[databases]
${BOT_DB} = host=127.0.0.1 port=${p.haproxy} dbname=${BOT_DB}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${p.pgbouncer}
unix_socket_dir =
auth_type = trust
auth_file = ${join(this.dir, 'userlist.txt')}
pool_mode = transaction
max_client_conn = 500
default_pool_size = 20
server_connect_timeout = 3
server_login_retry = 1
query_wait_timeout = 30
query_timeout = 30
idle_transaction_timeout = 30
`;
  }
}
