import { Fleet } from '../bench/live/fleet.js';
import { complete, measure, pct } from '../bench/live/windows.js';
const games = Number(process.argv[2]);
const hold = Number(process.argv[3]);
const args = process.argv.slice(4);
const fleet = await Fleet.start(1, args);
try {
  fleet.keep = games;
  await fleet.open(games, 16, Date.now() + 30_000);
  const m = await measure(fleet, (elapsed) => elapsed >= hold * 1000);
  await fleet.settle();
  complete(fleet, m);
  console.log(JSON.stringify({ args, live: Math.round(m.live), actions: m.actions, ackP50: Math.round(pct(m.acks, 0.5)), ackP99Ms: Math.round(pct(m.acks, 0.99)), worstTableMs: Math.round(Math.max(0, ...m.stalls)), cpuMsPerAction: Math.round((m.cpuMs / Math.max(1, m.actions)) * 100) / 100, rssMiB: Math.round(m.rssBytes / 2 ** 20) }));
} finally {
  await fleet.close();
}
