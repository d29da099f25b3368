// Where the bot's CPU goes, as it runs: the bench's fleet (the bot as it ships, pictures on, Discord's
// limits, people answering in 0.3–1.5 s) with the bot under V8's sampling profiler; one step of live
// games opened and held, then the bot stopped, which writes its main thread's and its picture and AI
// threads' .cpuprofile files into --dir (open them in Chrome's DevTools); with --no-prof, the bot's
// CPU per action, the click acknowledgement's p99 and the worst table of the hold alone. `threads` splits
// the bot's CPU an action by OS thread, in the order the threads were made (their ids): the main thread
// first, then V8's helpers (its collector's), then the workers as the bot starts them (the store's
// checkpointer, the HTTP thread, the pictures'), libuv's pool when it is used. Not in npm test.
//   npx tsx test/load/profile.ts [--games 80] [--hold 30] [--dir /tmp/fengsheng-prof] [--no-prof: CPU per action alone]
import { parseArgs } from 'node:util';
import { Fleet } from '../bench/live/fleet.js';
import { complete, measure, pct } from '../bench/live/windows.js';

const { values } = parseArgs({ options: { games: { type: 'string', default: '80' }, hold: { type: 'string', default: '30' }, dir: { type: 'string', default: '/tmp/fengsheng-prof' }, 'no-prof': { type: 'boolean', default: false } } });
const games = Number(values.games);
const fleet = await Fleet.start(1, values['no-prof'] ? [] : ['--cpu-prof', `--cpu-prof-dir=${values.dir}`]);
try {
  fleet.keep = games;
  await fleet.open(games, 16, Date.now() + 30_000);
  const before = { ...fleet.observer.counts, clicks: fleet.observer.clicks.length };
  const threadsBefore = fleet.bot.threadsCpuMs();
  const m = await measure(fleet, (elapsed) => elapsed >= Number(values.hold) * 1000);
  const threadsAfter = fleet.bot.threadsCpuMs();
  await fleet.settle();
  complete(fleet, m);
  const c = fleet.observer.counts;
  const perAction = (n: number) => Math.round((n / Math.max(1, m.actions)) * 100) / 100;
  console.log(JSON.stringify({ live: Math.round(m.live), holdS: (m.to - m.from) / 1000, actions: m.actions, ackP99Ms: Math.round(pct(m.acks, 0.99)), worstTableMs: Math.round(Math.max(0, ...m.stalls)), cpuMsPerAction: Math.round((m.cpuMs / Math.max(1, m.actions)) * 100) / 100, mainCpuMsPerAction: Math.round((m.mainCpuMs / Math.max(1, m.actions)) * 100) / 100, benchCpuMsPerAction: Math.round((m.benchCpuMs / Math.max(1, m.actions)) * 100) / 100, rssMiB: Math.round(m.rssBytes / 1048576), clicksPast3s: m.acks.filter((a) => a > 3000).length, countedRequests: m.globalRequests, answers429: c.status429 - before.status429, exemptRequestsPerAction: perAction(c.exempt - before.exempt), clicksPerAction: perAction(fleet.observer.clicks.length - before.clicks), threads: threadSplit(threadsBefore, threadsAfter, m.actions), dir: values.dir }));
} finally {
  await fleet.close();
}

/** CPU ms an action of each thread busy over the hold (≥ 0.01 ms), by thread id: "tid": ms. */
function threadSplit(a: Map<number, number>, b: Map<number, number>, actions: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [tid, ms] of [...b].sort((x, y) => x[0] - y[0])) {
    const perAction = (ms - (a.get(tid) ?? 0)) / Math.max(1, actions);
    if (perAction >= 0.01) out[String(tid)] = Math.round(perAction * 100) / 100;
  }
  return out;
}
