// A real, throwaway PostgreSQL server for tests and the bench: no mock. It finds the server's binaries
// (Debian's /usr/lib/postgresql/*/bin, or PG_BIN, or on PATH), initdb's a cluster in a temp folder,
// starts it listening on a unix socket in that folder only (no TCP port, so parallel runs never
// collide), and on stop shuts it down and deletes the folder. PostgreSQL refuses to run as root, so
// when we are root the cluster belongs to the `postgres` user and its commands run through runuser.
// The only wait on wall time is pg_ctl's own bounded wait for the server to accept connections.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface PgServer {
  /** The folder of the cluster (data/, sock/, log). */
  dir: string;
  socketDir: string;
  /** postgres://… for a database of this server (default: the `postgres` one). */
  url(database?: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): void;
}

export interface StartOptions {
  /**
   * Default false: a test server need not survive a power cut, and fsync on a shared 2-core machine
   * only adds noise. The bench turns it on to measure what a real deployment pays.
   */
  fsync?: boolean;
  /** How long pg_ctl may wait for the server to accept connections; default 30 s. */
  startTimeoutS?: number;
}

/** The folder holding initdb, pg_ctl and postgres; null when PostgreSQL is not installed. */
export function findPgBin(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates: string[] = [];
  if (env.PG_BIN) candidates.push(env.PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian))
    candidates.push(
      ...fs
        .readdirSync(debian)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => path.join(debian, v, 'bin')),
    );
  for (const p of (env.PATH ?? '').split(path.delimiter)) if (p) candidates.push(p);
  return candidates.find((d) => fs.existsSync(path.join(d, 'initdb')) && fs.existsSync(path.join(d, 'pg_ctl'))) ?? null;
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL binary as the user who owns the cluster. */
function run(bin: string, args: string[], timeoutMs: number): string {
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
}

export function startPostgres(opts: StartOptions = {}): PgServer {
  const bin = findPgBin();
  if (!bin)
    throw new Error(
      'PostgreSQL is not installed: the PostgreSQL store tests need its server binaries (`apt-get install -y postgresql`, which .ci/run does; or set PG_BIN to the folder of initdb and pg_ctl)',
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fengsheng-pg-'));
  const data = path.join(dir, 'data');
  const socketDir = path.join(dir, 'sock');
  fs.mkdirSync(socketDir);
  if (asRoot) {
    execFileSync('chown', ['-R', 'postgres', dir]);
    fs.chmodSync(dir, 0o700);
  }
  const startTimeoutS = opts.startTimeoutS ?? 30;
  try {
    run(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C'], 120_000);
    const settings = [
      `-k ${socketDir}`,
      "-c listen_addresses=''",
      `-c fsync=${opts.fsync ? 'on' : 'off'}`,
      `-c synchronous_commit=${opts.fsync ? 'on' : 'off'}`,
      `-c full_page_writes=${opts.fsync ? 'on' : 'off'}`,
      '-c max_connections=200',
      '-c shared_buffers=32MB',
    ].join(' ');
    run(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'log'), '-o', settings, '-w', '-t', String(startTimeoutS), 'start'], (startTimeoutS + 10) * 1000);
  } catch (err) {
    const log = fs.existsSync(path.join(dir, 'log')) ? fs.readFileSync(path.join(dir, 'log'), 'utf8').slice(-2000) : '';
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not start a PostgreSQL server: ${(err as Error).message}\n${log}`);
  }
  const url = (database = 'postgres') => `postgres://postgres@localhost/${encodeURIComponent(database)}?host=${encodeURIComponent(socketDir)}`;
  let stopped = false;
  return {
    dir,
    socketDir,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        // immediate: nothing in a throwaway cluster is worth a checkpoint.
        run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop'], 40_000);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
