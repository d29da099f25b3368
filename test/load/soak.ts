// A long evening at a steady number of games (issue 34): the bot as it ships, in a process of its own,
// against the stand-in with Discord's rate limits on, five scripted people a game answering in
// 0.3–1.5 s (test/bench/live/fleet.ts). A finished game is replaced at once, so the bot holds
// `--games` live games for `--minutes`. Not part of `npm test` nor of `npm run bench`:
//
//   npx tsx test/load/soak.ts --minutes 20 --games 300 [--prof DIR]
//
// Prints a line of JSON each minute (stderr) and a summary (stdout): the bot process's resident memory
// per minute (flat: the mean of the last 5 minutes within 10% of the mean of minutes 5–10), clicks
// whose acknowledgement took more than Discord's 3 s (or never came), and invalid requests (answers
// 401, 403 and 429 the stand-in gave). Exit 0 when all three hold, 1 when one does not.
// It runs itself with a young generation of 64 MB a half (bench/live/young-generation.ts): the bench process's own
// collector's pauses are timed as the bot's clicks.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseCommand } from '../../src/cli/args.js';
import { LATE_ACK_LOG } from '../../src/discord/bot.js';
import { Fleet } from '../bench/live/fleet.js';
import { pct, round, snapshot } from '../bench/live/windows.js';
import { withBenchYoungGeneration } from '../bench/live/young-generation.js';

withBenchYoungGeneration();

const { values } = parseCommand({
  usage: 'npx tsx test/load/soak.ts',
  summary: 'Holds a number of live games on the bot (its own process) against the stand-in with Discord limits; reports memory per minute, clicks past 3 s and invalid requests.',
  options: {
    minutes: { type: 'string', help: 'how long to hold the games', value: 'N', default: '20', int: [1, 600] },
    games: { type: 'string', help: 'live games to hold', value: 'N', default: '300', int: [1, 5000] },
    seed: { type: 'string', help: "seed of the people's pauses and choices", value: 'S', default: '1', int: [0, 2 ** 31 - 1] },
    prof: { type: 'string', help: "write the bot's threads' CPU profiles (.cpuprofile) into this folder", value: 'DIR' },
    'max-rss-mb': { type: 'string', help: 'stop early (and fail) once the bot holds this much memory, not to take the machine down with it', value: 'MB', default: '6000', int: [100, 1_000_000] },
  } as const,
});

interface Minute {
  minute: number;
  live: number;
  rssMiB: number;
  cpuMsPerAction: number;
  /** The bench process's own CPU an action (the stand-in and the people), on the same 2 cores. */
  benchCpuMsPerAction: number;
  actions: number;
  clicks: number;
  ackP99Ms: number;
  clicksPast3s: number;
  /** Clicks acknowledged between 2 and 3 s: the bot's HTTP thread acknowledges those its event loop has not by 2 s. */
  clicksPast2s: number;
  /** Interactions the bot's HTTP thread acknowledged because its event loop had not within 2 s (its log). */
  ackedByHttpThread: number;
  /** The clicks past 3 s by what was clicked (its custom id with the numbers written #). */
  pastByLabel: Record<string, number>;
  invalidRequests: number;
  worstTableBehindMs: number;
  /** The bench process's own memory (the stand-in, the people, the observer): MiB resident and V8 heap used at the minute's end. */
  benchRssMiB: number;
  benchHeapMiB: number;
  /** Of it, outside V8's heap: Buffers and other external memory. */
  benchExternalMiB: number;
  /**
   * The bench process's own event loop (the stand-in, the people): its longest delay in the minute, ms.
   * A click is timed there (INTERACTION_CREATE sent → its answer read), so a late loop here reads as a late bot.
   */
  benchLoopMaxMs: number;
  /** The share of the machine's CPU time its host took for others (steal, /proc/stat): a slower machine, not a slower bot. */
  stealPct: number;
}

/** The bench process's memory now, MiB. */
function benchMemory(): Pick<Minute, 'benchRssMiB' | 'benchHeapMiB' | 'benchExternalMiB'> {
  const m = process.memoryUsage();
  return { benchRssMiB: round(m.rss / 2 ** 20, 1), benchHeapMiB: round(m.heapUsed / 2 ** 20, 1), benchExternalMiB: round(m.external / 2 ** 20, 1) };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);


const started = Date.now();
const fleet = await Fleet.start(values.seed, values.prof ? ['--cpu-prof', `--cpu-prof-dir=${values.prof}`] : []);
const minutes: Minute[] = [];
let clicksPast3s = 0;
let stopped: string | null = null;
try {
  fleet.keep = values.games;
  await fleet.open(values.games, 16, Date.now() + 60_000);
  process.stderr.write(`${JSON.stringify({ opened: fleet.live(), ms: Date.now() - started })}\n`);
  let last = snapshot(fleet);
  const benchLoop = monitorEventLoopDelay({ resolution: 10 });
  benchLoop.enable();
  const logRead = { at: 0 };
  fleet.bot.countLogged(LATE_ACK_LOG, logRead);
  for (let k = 1; k <= values.minutes; k++) {
    const rss: number[] = [];
    const live: number[] = [];
    const end = last.at + 60_000;
    while (Date.now() < end) {
      await new Promise((r) => setTimeout(r, Math.min(5_000, Math.max(0, end - Date.now()))));
      if (!fleet.bot.alive) throw new Error('the bot process died');
      rss.push(fleet.bot.usage().rssBytes);
      if (rss.at(-1)! > values['max-rss-mb'] * 2 ** 20) stopped ??= `the bot passed ${values['max-rss-mb']} MB in minute ${k}`;
      live.push(fleet.live());
    }
    const now = snapshot(fleet);
    // Clicks of this minute: those made more than 3 s before its end are settled (answered or failed).
    const isSettled = (c: (typeof fleet.observer.clicks)[number]) => c.at < now.at - 3000 || c.ackMs !== null || c.failed;
    const settled = fleet.observer.clicks.filter(isSettled);
    const waiting = fleet.observer.clicks.filter((c) => !isSettled(c));
    fleet.observer.clicks.splice(0, fleet.observer.clicks.length, ...waiting);
    const acks = settled.map((c) => (c.failed ? Infinity : (c.ackMs ?? Infinity)));
    const lateClicks = settled.filter((c) => c.failed || (c.ackMs ?? Infinity) > 3000);
    const past = lateClicks.length;
    const pastByLabel: Record<string, number> = {};
    for (const c of lateClicks) {
      const what = c.label.replace(/\d+/g, '#');
      pastByLabel[what] = (pastByLabel[what] ?? 0) + 1;
    }
    clicksPast3s += past;
    const m: Minute = {
      minute: k,
      live: round(mean(live), 1),
      rssMiB: round(mean(rss) / 2 ** 20, 1),
      cpuMsPerAction: round((now.cpuMs - last.cpuMs) / Math.max(1, now.actions - last.actions), 2),
      benchCpuMsPerAction: round((now.benchCpuMs - last.benchCpuMs) / Math.max(1, now.actions - last.actions), 2),
      actions: now.actions - last.actions,
      clicks: acks.length,
      ackP99Ms: round(pct(acks, 0.99), 1),
      clicksPast3s: past,
      clicksPast2s: acks.filter((a) => a > 2000 && a <= 3000).length,
      ackedByHttpThread: fleet.bot.countLogged(LATE_ACK_LOG, logRead),
      pastByLabel,
      invalidRequests: now.invalid - last.invalid,
      worstTableBehindMs: Math.round(Math.max(0, ...fleet.lag.within(last.at, now.at - 3000))),
      ...benchMemory(),
      benchLoopMaxMs: round(benchLoop.max / 1e6, 0),
      stealPct: round((100 * (now.stealTicks - last.stealTicks)) / Math.max(1, now.machineTicks - last.machineTicks), 1),
    };
    benchLoop.reset();
    minutes.push(m);
    process.stderr.write(`${JSON.stringify(m)}\n`);
    last = now;
    if (stopped) break;
    fleet.prune();
    // Lobbies that could not be opened at first (a slow bot) are tried again, without holding up the minute.
    if (fleet.live() < values.games) void fleet.open(values.games - fleet.live(), 8, Date.now() + 30_000);
  }
} finally {
  await fleet.close();
}

// Flat: minutes 5–10 against the last five (a run shorter than 10 minutes cannot say).
const window = (from: number, to: number) => mean(minutes.filter((m) => m.minute >= from && m.minute <= to).map((m) => m.rssMiB));
const early = minutes.length >= 10 ? window(5, 10) : null;
const late = minutes.length >= 10 ? window(minutes.length - 4, minutes.length) : null;
const flat = early !== null && late !== null ? Math.abs(late - early) <= 0.1 * early : null;
const invalid = minutes.reduce((a, m) => a + m.invalidRequests, 0);
const summary = {
  minutes: minutes.length,
  stoppedEarly: stopped,
  games: values.games,
  meanLive: round(mean(minutes.map((m) => m.live)), 1),
  rssMiBPerMinute: minutes.map((m) => m.rssMiB),
  memoryFlat: flat,
  rssMiBMinutes5to10: early === null ? null : round(early, 1),
  rssMiBLastFive: late === null ? null : round(late, 1),
  clicksPast3s,
  clicksPast2s: minutes.reduce((a, m) => a + m.clicksPast2s, 0),
  ackedByHttpThread: minutes.reduce((a, m) => a + m.ackedByHttpThread, 0),
  invalidRequests: invalid,
  status429: fleet.observer.counts.status429,
  /** Which routes the 429s answered (ids written :id). */
  status429Routes: Object.fromEntries(
    fleet.observer.limited.reduce((m, l) => {
      const route = `${l.method} ${l.path.replace(/\d{5,}/g, ':id')}`;
      return m.set(route, (m.get(route) ?? 0) + 1);
    }, new Map<string, number>()),
  ),
  cpuMsPerAction: round(mean(minutes.map((m) => m.cpuMsPerAction)), 2),
  worstTableBehindMs: Math.max(0, ...minutes.map((m) => m.worstTableBehindMs)),
  scriptErrors: fleet.stats.errors,
  lastScriptError: fleet.stats.lastError || null,
};
process.stdout.write(`${JSON.stringify(summary)}\n`);
process.exit(!stopped && flat !== false && clicksPast3s === 0 && invalid === 0 ? 0 : 1);
