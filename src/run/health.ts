// The bot's pulse for `npm run health` (the Docker HEALTHCHECK): every running bot process writes, every
// HEALTH_EVERY_MS, a small file beside the database file saying whether its gateway is connected. The
// health command reads those files and asks the database itself.
import fs from 'node:fs';
import path from 'node:path';

export const HEALTH_EVERY_MS = 15_000;
/** A pulse older than this means the process is gone or stuck. */
export const HEALTH_STALE_MS = 60_000;

export interface Pulse {
  pid: number;
  /** Milliseconds since the epoch. */
  at: number;
  /** The gateway is connected and identified (discord.js Status.Ready). */
  gateway: boolean;
  shard: number | null;
  /** A standby waiting for shard leases (run/lease-start.ts): healthy without a gateway while its pulse is fresh. */
  standby?: boolean;
}

/** The pulse file of one process: `health.json`, `health.shard-N.json` for shard N, `health.standby-PID.json` for a standby. */
export function pulseFile(databasePath: string, shard: number | null, standby = false): string {
  const name = standby ? `health.standby-${process.pid}.json` : shard === null ? 'health.json' : `health.shard-${shard}.json`;
  return path.join(path.dirname(databasePath), name);
}

/**
 * Writes the pulse now and every HEALTH_EVERY_MS; `beat` writes it at once (when the gateway connects or
 * drops), `stop` removes the file. Never throws: a health file must not stop a game.
 */
export function startPulse(file: string, shard: number | null, gatewayReady: () => boolean, standby = false): { beat(): void; stop(): void } {
  let stopped = false;
  const write = () => {
    if (stopped) return;
    const pulse: Pulse = { pid: process.pid, at: Date.now(), gateway: gatewayReady(), shard, ...(standby && { standby }) };
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(`${file}.tmp`, JSON.stringify(pulse));
      fs.renameSync(`${file}.tmp`, file);
    } catch {
      // A read-only folder: the database's own checks say so at start-up; health then reports no pulse.
    }
  };
  write();
  const timer = setInterval(write, HEALTH_EVERY_MS);
  timer.unref();
  return {
    beat: write,
    stop: () => {
      stopped = true;
      clearInterval(timer);
      fs.rmSync(file, { force: true });
    },
  };
}

/** The problems of the pulses in the database file's folder (none: healthy). */
export function pulseProblems(databasePath: string, now = Date.now()): string[] {
  const dir = path.dirname(databasePath);
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => /^health(\.shard-\d+|\.standby-\d+)?\.json$/.test(n));
  } catch {
    names = [];
  }
  if (names.length === 0) return [`no bot is running here: no health file in ${dir}`];
  const problems: string[] = [];
  for (const name of names) {
    let pulse: Pulse;
    try {
      pulse = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Pulse;
    } catch {
      problems.push(`${name} cannot be read`);
      continue;
    }
    const who = pulse.standby ? 'the standby' : pulse.shard === null ? 'the bot' : `shard ${pulse.shard}`;
    if (now - pulse.at > HEALTH_STALE_MS) problems.push(`${who} (pid ${pulse.pid}) has not written its health for ${Math.round((now - pulse.at) / 1000)} s`);
    else if (!pulse.gateway && !pulse.standby) problems.push(`${who} (pid ${pulse.pid}) is not connected to Discord's gateway`);
  }
  return problems;
}
