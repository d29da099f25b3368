// How long a 提示 takes (issue 38 §3): the coach (src/discord/seats/coach.ts) on the bot's search thread at the
// default 300 ms, the memory rebuilt from the log each time, at moments of strong-played games (5 and 9 players,
// characters on). `npx tsx test/bench/coach-time.ts`; one JSON line a table size. Outside npm test.
import { apply, legalActions, newGame, view, waitingOn, type GameEvent } from '../../src/engine/index.js';
import { randInt, seedRng } from '../../src/engine/rng.js';
import { newMemory, observeAll, StrongPolicy } from '../../src/ai/index.js';
import { SearchThread } from '../../src/ai/worker/pool.js';
import { makeCoach } from '../../src/discord/seats/coach.js';

const thread = new SearchThread(300);
let events: GameEvent[] = [];
const coach = makeCoach({ advise: async (v, legal, m) => (legal.length === 1 ? legal[0] : thread.decide(v, legal, m)) }, async () => events);
const strong = new StrongPolicy();
// The thread's start (a worker loading the policy) is not a hint's time: one decision first.
{
  const w = newGame({ seed: 1, players: ['A', 'B', 'C', 'D', 'E'], options: { characters: false } });
  const seat = waitingOn(w.state)[0];
  await thread.decide(view(w.state, seat), legalActions(w.state, seat), newMemory(view(w.state, seat)));
}
for (const n of [5, 9]) {
  const times: number[] = [];
  const sends: number[] = [];
  for (let g = 0; times.length < 200 && g < 200; g++) {
    const names = Array.from({ length: n }, (_, i) => `P${i}`);
    const start = newGame({ seed: 900 + g, players: names, options: { characters: true } });
    let s = start.state;
    events = [...start.events];
    let mems = s.players.map((_, i) => observeAll(newMemory(view(s, i)), start.events));
    const rng = seedRng(g);
    let k = 0;
    while (!s.result && times.length < 200) {
      const seats = waitingOn(s);
      const seat = seats[randInt(rng, seats.length)];
      const legal = legalActions(s, seat);
      if (legal.length > 1 && k++ % 7 === 0) {
        const t0 = performance.now();
        await coach(1, s, seat);
        times.push(performance.now() - t0);
        if (s.pending?.kind === 'send' || s.pending?.kind === 'receive') sends.push(performance.now() - t0);
      }
      const r = apply(s, strong.decide(view(s, seat), legal, mems[seat]));
      if (!r.ok) throw new Error(r.reason);
      events.push(...r.events);
      mems = mems.map((m) => observeAll(m, r.events));
      s = r.state;
    }
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]);
  sends.sort((a, b) => a - b);
  const qs = (p: number) => Math.round(sends[Math.min(sends.length - 1, Math.floor(p * sends.length))]);
  console.log(JSON.stringify({ players: n, hints: times.length, p50: q(0.5), p90: q(0.9), p99: q(0.99), max: Math.round(times.at(-1)!), sendOrReceive: { hints: sends.length, p50: qs(0.5), p99: qs(0.99), max: Math.round(sends.at(-1)!) } }));
}
await thread.close();
