// The bot as it ships, in a process of its own: lib/main.js, built by npm run build as npm start builds it,
// with npm start's node options (package.json's `start`, read here, so the bench runs what an admin runs),
// configured only by its environment (README, .env.example) against the local stand-in, on a fresh
// SQLite file. The bench reads its CPU time and resident memory from /proc, so the figures are the
// bot's alone: the stand-in, the scripted players and the measuring live in the bench's process.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, createWriteStream, fstatSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');
/** What npm start runs: the bot built into lib/ (npm run build, its prestart). */
const MAIN = 'lib/main.js';

/** The node options `npm start` gives the bot (package.json: `node <options> lib/main.js`). */
export function startOptions(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = pkg.scripts.start.split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== MAIN) throw new Error(`npm start is not "node … ${MAIN}": ${pkg.scripts.start}`);
  return words.slice(1, -1);
}

let built = false;

/** npm start's prestart (npm run build: src/ compiled into lib/), once a process: every bot it starts runs this code. */
function buildOnce(): void {
  if (built) return;
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/build.ts'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run build failed (${r.status}): ${r.stderr}`);
  built = true;
}

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** utime + stime of a /proc stat file (a process's or a thread's), ms. */
function cpuMsOf(path: string): number {
  const stat = readFileSync(path, 'utf8');
  // The fields after the command name (which may hold spaces) start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

export interface BotUsage {
  /** CPU time (user + system) since the process started, ms. */
  cpuMs: number;
  /** Of it, the main thread's (the event loop's, where every click waits its turn), ms. */
  mainCpuMs: number;
  /** Resident memory now (VmRSS), bytes. */
  rssBytes: number;
}

export class BotProcess {
  private exited = false;
  /** How the process ended (null while it runs). */
  ended: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  private last: BotUsage = { cpuMs: 0, mainCpuMs: 0, rssBytes: 0 };
  private constructor(
    private readonly child: ChildProcess,
    readonly dbPath: string,
    readonly logPath: string,
  ) {
    child.once('exit', (code, signal) => {
      this.exited = true;
      this.ended = { code, signal };
    });
  }

  /**
   * Starts the bot: npm start's build once, then node with its options on lib/main.js (the very process, so its pid is the bot's),
   * DISCORD_TOKEN, DISCORD_APPLICATION_ID and DISCORD_API_BASE from the stand-in, DATABASE_PATH a new
   * file in `dir`, LOG_LEVEL as .env.example ships it; `nodeArgs` go to node before all (test/load/memory.ts).
   * Resolves once it logged "logged in".
   */
  static async start(env: Record<string, string>, dir: string, timeoutMs = 60_000, nodeArgs: string[] = []): Promise<BotProcess> {
    const dbPath = join(dir, 'bot.db');
    const logPath = join(dir, 'bot.log');
    buildOnce();
    const child = spawn(process.execPath, [...nodeArgs, ...startOptions(), MAIN], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, DATABASE_PATH: dbPath, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const bot = new BotProcess(child, dbPath, logPath);
    // The bench never leaves a bot behind, however it ends.
    const orphan = () => child.kill('SIGKILL');
    process.once('exit', orphan);
    child.once('exit', () => process.off('exit', orphan));
    // Appended: a bot started again on the same folder (test/load/kills.ts) keeps its earlier lives' lines.
    const log = createWriteStream(logPath, { flags: 'a' });
    let seen = '';
    let ready = false;
    let errors = '';
    child.stderr!.setEncoding('utf8').on('data', (c: string) => {
      errors = (errors + c).slice(-4000);
      log.write(c);
    });
    await new Promise<void>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`the bot did not log in within ${timeoutMs} ms: ${errors}`)), timeoutMs);
      child.stdout!.setEncoding('utf8').on('data', (c: string) => {
        log.write(c);
        if (ready) return;
        seen = (seen + c).slice(-2000);
        if (seen.includes('"msg":"logged in"')) {
          ready = true;
          clearTimeout(timer);
          ok();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`the bot exited (${code}) before logging in: ${errors}`));
      });
    });
    return bot;
  }

  /**
   * How many times `text` was logged since `from.at` (a byte offset of the log file, moved on past the
   * last whole line read: a line cut at the end is read whole next time).
   */
  countLogged(text: string, from: { at: number }): number {
    const fd = openSync(this.logPath, 'r');
    try {
      const buf = Buffer.alloc(Math.max(0, fstatSync(fd).size - from.at));
      readSync(fd, buf, 0, buf.length, from.at);
      const end = buf.lastIndexOf(10) + 1;
      from.at += end;
      return buf.subarray(0, end).toString('utf8').split(text).length - 1;
    } finally {
      closeSync(fd);
    }
  }

  get pid(): number {
    return this.child.pid!;
  }

  get alive(): boolean {
    return !this.exited;
  }

  /** utime + stime of /proc/<pid>/stat (and of its main thread's), VmRSS of /proc/<pid>/status (the last reading once the process is gone). */
  usage(): BotUsage {
    if (this.exited) return this.last;
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${this.pid}/status`, 'utf8'));
      this.last = { cpuMs: cpuMsOf(`/proc/${this.pid}/stat`), mainCpuMs: cpuMsOf(`/proc/${this.pid}/task/${this.pid}/stat`), rssBytes: Number(rss?.[1] ?? 0) * 1024 };
    } catch {
      // Gone between the check and the read.
    }
    return this.last;
  }

  /** CPU time (user + system) of each of the process's threads, ms, by thread id (empty once it is gone). */
  threadsCpuMs(): Map<number, number> {
    const out = new Map<number, number>();
    if (this.exited) return out;
    try {
      for (const tid of readdirSync(`/proc/${this.pid}/task`)) {
        try {
          out.set(Number(tid), cpuMsOf(`/proc/${this.pid}/task/${tid}/stat`));
        } catch {
          // The thread ended between the listing and the read.
        }
      }
    } catch {
      // Gone between the check and the listing.
    }
    return out;
  }

  /** SIGKILL: no chance to finish anything; resolves once the process is gone. */
  async kill(): Promise<void> {
    if (this.exited) return;
    const gone = new Promise<void>((ok) => this.child.once('exit', () => ok()));
    this.child.kill('SIGKILL');
    await gone;
  }

  /** SIGTERM, as systemd or Ctrl-C would stop it; SIGKILL if it has not stopped after `graceMs`. */
  async stop(graceMs = 15_000): Promise<void> {
    if (this.exited) return;
    const gone = new Promise<void>((ok) => this.child.once('exit', () => ok()));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await gone;
    clearTimeout(timer);
  }
}
