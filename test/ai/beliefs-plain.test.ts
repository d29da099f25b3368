// The beliefs' fast paths compute what the plain reading did, to the last bit: the evidence read with each
// account's mixLog kept (not made again), the marginals summed with their loops hoisted, and beliefsFrom
// reading on from an earlier list's beliefs instead of from the start. The expert's decisions depend on
// these numbers (its worlds, its look-ahead's seats), so a search made faster so decides the same.
import { describe, expect, it } from 'vitest';
import { playPolicyGame, StrongPolicy } from '../../src/ai/index.js';
import { beliefsFrom, initialBeliefs, marginals, mixLog, shownToAll, weights, type Beliefs, type BeliefOptions, type Seen, type SeenList } from '../../src/ai/beliefs.js';
import { gameSeed } from '../../src/sim/random-play.js';

/** The evidence read as beliefs.ts read it before 2026-12-06 21:30 UTC (mixLog made again for each assignment). */
function plainEvidence(b: Beliefs, x: Extract<Seen, { lr: Float64Array }>): Beliefs {
  const t = b.table;
  const scale = b.weights[x.kind] ?? 1;
  if (x.actor === t.me || scale === 0) return b;
  const mine = b.acc[x.actor].slice();
  const ps = b.pStrat[x.actor].slice();
  const logw = b.logw.slice();
  const q = b.q;
  for (let a = 0; a < t.count; a++) {
    const ia = t.ids[a * t.n + x.actor];
    const io = t.ids[a * t.n + x.other];
    if (x.lr[ia * 3 + io] === 0) continue;
    const before = mine[a];
    const after = before + scale * x.lr[ia * 3 + io];
    mine[a] = after;
    const e = q * Math.exp(Math.min(after, 60));
    ps[a] = e / (e + 1 - q);
    if (logw[a] !== -Infinity) logw[a] += Math.log(e + 1 - q) - mixLog(q, before);
  }
  const acc = b.acc.slice();
  const pStrat = b.pStrat.slice();
  acc[x.actor] = mine;
  pStrat[x.actor] = ps;
  return { ...b, acc, pStrat, logw };
}

/** The whole list read from the start, plainly. */
function plainFrom(seen: SeenList, n: number, seat: number, id: string, o: BeliefOptions): Beliefs {
  const list: Seen[] = [];
  for (let l = seen; l; l = l.prev) list.push(l.seen);
  let b = initialBeliefs(n, seat, id, o);
  for (let i = list.length - 1; i >= 0; i--) {
    const x = list[i];
    b = 'k' in x ? shownToAll(b, x.actor, x.k, x.what) : plainEvidence(b, x);
  }
  return b;
}

/** The marginals as summed before (assignment by assignment, every seat in each). */
function plainMarginals(b: Beliefs) {
  const t = b.table;
  const w = weights(b);
  const id = new Float64Array(t.n * 3);
  const strategic = new Float64Array(t.n);
  for (let a = 0; a < t.count; a++) {
    if (w[a] === 0) continue;
    for (let i = 0; i < t.n; i++) {
      id[i * 3 + t.ids[a * t.n + i]] += w[a];
      strategic[i] += w[a] * b.pStrat[i][a];
    }
  }
  strategic[t.me] = 1;
  return { id, strategic };
}

const same = (x: ArrayLike<number>, y: ArrayLike<number>) => {
  expect(x.length).toBe(y.length);
  for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) expect([i, x[i]]).toEqual([i, y[i]]);
};

describe('the beliefs read fast are the plain reading, bit for bit', () => {
  it('every seat and identity at 5, 7 and 9 players, read from the start and on from part way, at two priors', () => {
    let compared = 0;
    for (let g = 0; g < 3; g++) {
      const players = [9, 7, 5][g];
      const run = playPolicyGame({ players, seed: gameSeed(61, g), options: { characters: true }, seats: () => new StrongPolicy() });
      const seen = run.memories[0]!.beliefs.seen;
      // Part way: a third of the list back, read first so the whole list's reading goes on from it.
      let part = seen;
      for (let i = 0, len = Math.floor(listLength(seen) / 3); i < len && part; i++) part = part.prev;
      for (const o of [{}, { strategicPrior: 0.85 }] as BeliefOptions[])
        for (let s = 0; s < players; s++)
          for (const id of ['潜伏战线', '军情处', '打酱油的']) {
            if (id === '打酱油的' && players < 5) continue;
            const early = beliefsFrom(part, players, s, id, o);
            same(early.logw, plainFrom(part, players, s, id, o).logw);
            const fast = beliefsFrom(seen, players, s, id, o);
            const plain = plainFrom(seen, players, s, id, o);
            same(fast.logw, plain.logw);
            for (let i = 0; i < players; i++) {
              same(fast.acc[i], plain.acc[i]);
              same(fast.pStrat[i], plain.pStrat[i]);
            }
            const m = marginals(fast);
            const pm = plainMarginals(plain);
            same(m.id, pm.id);
            same(m.strategic, pm.strategic);
            compared++;
          }
    }
    expect(compared).toBe(2 * 3 * (9 + 7 + 5));
  });
});

function listLength(l: SeenList): number {
  let n = 0;
  for (; l; l = l.prev) n++;
  return n;
}
