// One stretch of a live run measured from outside the bot: its clicks, its tables' stalls, the bot
// token's requests, the bot process's CPU and memory, and the committed actions.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Fleet } from './fleet.js';

export interface Snapshot {
  at: number;
  cpuMs: number;
  mainCpuMs: number;
  /** The bench process's own CPU (stand-in, people, measuring). */
  benchCpuMs: number;
  actions: number;
  global: number;
  invalid: number;
  /** The machine's CPU time so far (all cores, /proc/stat's clock ticks), and of it what its host took for others (steal). */
  machineTicks: number;
  stealTicks: number;
}

export interface Measured {
  from: number;
  to: number;
  /** Mean games live over the stretch (sampled each second). */
  live: number;
  /** Acknowledgement times of the clicks made in it (failed ones: Infinity), ms. */
  acks: number[];
  /** How long each stall seen in it had lasted, ms. */
  stalls: number[];
  globalRequests: number;
  invalidRequests: number;
  cpuMs: number;
  /** Of it, the bot's main thread's. */
  mainCpuMs: number;
  benchCpuMs: number;
  actions: number;
  /** Mean resident memory over the second half of the stretch. */
  rssBytes: number;
  /** The bench process's own event loop delay p99 (the stand-in's answers wait on it), ms. */
  benchLoopP99Ms: number;
}

export function snapshot(fleet: Fleet): Snapshot {
  const u = fleet.bot.usage();
  const own = process.cpuUsage();
  const machine = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  return {
    at: Date.now(),
    cpuMs: u.cpuMs,
    mainCpuMs: u.mainCpuMs,
    benchCpuMs: (own.user + own.system) / 1000,
    actions: fleet.states.committed,
    global: fleet.observer.counts.global,
    invalid: fleet.observer.counts.invalid,
    machineTicks: machine.reduce((a, b) => a + b, 0),
    stealTicks: machine[7] ?? 0,
  };
}

/** Samples a stretch until `until()` says it is over (checked each second). */
export async function measure(fleet: Fleet, until: (elapsedMs: number) => boolean): Promise<Measured & { start: Snapshot; end: Snapshot }> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const start = snapshot(fleet);
  const live: number[] = [];
  const rss: number[] = [];
  while (!until(Date.now() - start.at)) {
    await new Promise((r) => setTimeout(r, 1000));
    live.push(fleet.live());
    rss.push(fleet.bot.alive ? fleet.bot.usage().rssBytes : 0);
  }
  const end = snapshot(fleet);
  loop.disable();
  const half = rss.slice(Math.floor(rss.length / 2));
  return {
    start,
    end,
    from: start.at,
    to: end.at,
    live: live.reduce((a, b) => a + b, 0) / Math.max(1, live.length),
    acks: [],
    stalls: [],
    globalRequests: end.global - start.global,
    invalidRequests: end.invalid - start.invalid,
    cpuMs: end.cpuMs - start.cpuMs,
    mainCpuMs: end.mainCpuMs - start.mainCpuMs,
    benchCpuMs: end.benchCpuMs - start.benchCpuMs,
    actions: end.actions - start.actions,
    rssBytes: half.reduce((a, b) => a + b, 0) / Math.max(1, half.length),
    benchLoopP99Ms: loop.percentile(99) / 1e6,
  };
}

/** Fills in a stretch's clicks and stalls, once the log has been read past its end (fleet.settle()). */
export function complete(fleet: Fleet, m: Measured, exclude: Set<string> = new Set()): Measured {
  const now = Date.now();
  m.acks = fleet.observer.clicks.filter((c) => c.at >= m.from && c.at < m.to).map((c) => (c.failed ? Infinity : (c.ackMs ?? now - c.at)));
  const channels = new Set([...fleet.slots.keys()].filter((k) => !exclude.has(k)));
  m.stalls = fleet.lag.within(m.from, m.to, channels);
  return m;
}

export function pct(xs: number[], q: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))];
}

export const round = (x: number, digits = 2): number => (Number.isFinite(x) ? Math.round(x * 10 ** digits) / 10 ** digits : x);
