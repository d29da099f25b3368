// Where tables fall behind, as the bot runs: one step of live games (the bench's fleet: the bot as it
// ships, pictures on, Discord's limits, people answering in 0.3–1.5 s), then every stall over a
// threshold with the age of its game when it began and the version it began at. Not in npm test.
//   npx tsx test/load/stalls.ts [--games 100] [--hold 30] [--over 1000] [--trace: the two worst stalls' commits and table looks]
import { parseArgs } from 'node:util';
import { Fleet } from '../bench/live/fleet.js';
import { complete, measure } from '../bench/live/windows.js';

const { values } = parseArgs({ options: { games: { type: 'string', default: '100' }, hold: { type: 'string', default: '30' }, over: { type: 'string', default: '1000' }, trace: { type: 'boolean', default: false } } });
const games = Number(values.games);
const over = Number(values.over);
const fleet = await Fleet.start(1);
fleet.lag.tracing = values.trace;
try {
  fleet.keep = games;
  await fleet.open(games, 16, Date.now() + 12_000);
  const m = await measure(fleet, (elapsed) => elapsed >= Number(values.hold) * 1000);
  await fleet.settle();
  complete(fleet, m);
  const created = new Map([...fleet.states.games.values()].map((g) => [g.channelId, g.createdAt]));
  const long = fleet.lag.stalls.filter((s) => s.from < m.to && s.to! > m.from && s.to! - s.from > over);
  const rows = long.map((s) => ({ ms: s.to! - s.from, ageS: Math.round((s.from - (created.get(s.key) ?? s.from)) / 100) / 10, at: Math.round((s.from - m.from) / 100) / 10, s }));
  rows.sort((a, b) => b.ms - a.ms);
  const all = m.stalls.length;
  const hist = [1000, 1500, 2000, 3000, 5000].map((x) => [x, rows.filter((r) => r.ms > x).length]);
  console.log(JSON.stringify({ live: Math.round(m.live), stalls: all, over: Object.fromEntries(hist), worst: rows.slice(0, 12).map((r) => `${r.ms} ms at age ${r.ageS} s`) }));
  if (values.trace) for (const r of rows.slice(0, 2)) console.log(`${r.ms} ms at age ${r.ageS} s, from its start:\n  ${fleet.lag.story(r.s.key, r.s.from - 3000, r.s.to! + 500).join('\n  ')}`);
} finally {
  await fleet.close();
}
