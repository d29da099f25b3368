import { playPolicyGame, StrongPolicy } from './src/ai/index.js';
import { gameSeed } from './src/sim/random-play.js';
const players = Number(process.argv[2] ?? 5), games = Number(process.argv[3] ?? 2000), seed = Number(process.argv[4] ?? 77);
const stat = new Map<string, { n: number; w: number; byId: Record<string, [number, number]> }>();
const pair = new Map<string, number>();
const strong = new StrongPolicy();
for (let g = 0; g < games; g++) {
  const run = playPolicyGame({ players, seed: gameSeed(seed, g), options: { characters: true }, seats: () => strong });
  const r = run.state.result;
  if (!r) continue;
  run.state.players.forEach((p, i) => {
    const c = run.state.chars!.seats[i];
    const name = c.name!;
    const won = r.draw ? 0.5 : r.winners.includes(i) ? 1 : 0;
    const e = stat.get(name) ?? { n: 0, w: 0, byId: {} };
    e.n++; e.w += won;
    const b = (e.byId[p.identity] ??= [0, 0]); b[0]++; b[1] += won;
    stat.set(name, e);
  });
}
const out = [...stat].map(([k, e]) => ({ k, n: e.n, win: +(e.w / e.n * 100).toFixed(1), byId: Object.fromEntries(Object.entries(e.byId).map(([i, [n, w]]) => [i, `${(w / n * 100).toFixed(1)}/${n}`])) }));
out.sort((a, b) => b.win - a.win);
for (const o of out) console.log(JSON.stringify(o));
