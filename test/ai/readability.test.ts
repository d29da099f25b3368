// How easily a seat is read (readability.ts, ai:eval --read): the per-seat chances agree with the
// beliefs themselves at every moment, a game read from its log is what the seats' own memories saw,
// and an evaluation reads A's seats and the same seats played by B on the same seeds.
import { describe, expect, it } from 'vitest';
import { seatLogChances, seenRows } from '../../src/ai/belief-fit.js';
import { beliefsFrom, EVIDENCE_KINDS, weights } from '../../src/ai/beliefs.js';
import { ID_LIST } from '../../src/ai/cards.js';
import { listOf } from './seen-list.js';
import { readSummary, runEval } from '../../src/ai/eval.js';
import { makePolicy } from '../../src/ai/index.js';
import { playPolicyGame } from '../../src/ai/play.js';
import { positions } from '../../src/ai/positions.js';
import { readGame, seatReadings } from '../../src/ai/readability.js';

describe('readability', () => {
  it("each seat's chance is the marginal of every other seat's beliefs at each moment before its identity was shown to all, as beliefs.ts weighs them", () => {
    const games = positions({ players: 5, characters: true, seed: 91, from: 0, to: 6, beliefEvery: 1 }).beliefs;
    const ones = EVIDENCE_KINDS.map(() => 1);
    for (const g of games) {
      const want = { sum: new Array<number>(g.players).fill(0), count: new Array<number>(g.players).fill(0) };
      for (const [reader, upto] of g.moments) {
        const b = beliefsFrom(listOf(g, upto), g.players, reader, ID_LIST[g.truth[reader]]);
        const w = weights(b);
        const shown = new Set(g.seen.slice(0, upto).filter((r) => r.length === 2).map((r) => r[0]));
        for (let x = 0; x < g.players; x++) {
          if (x === reader || shown.has(x)) continue;
          let p = 0;
          for (let a = 0; a < b.table.count; a++) if (b.table.ids[a * b.table.n + x] === g.truth[x]) p += w[a];
          want.sum[x] += Math.log(p);
          want.count[x]++;
        }
      }
      const got = seatLogChances(g, 0.5, ones);
      expect(got.count).toEqual(want.count);
      got.sum.forEach((s, x) => expect(s).toBeCloseTo(want.sum[x], 9));
      // Read at all, and never surely wrong.
      for (const r of seatReadings(g)) expect(r).toBeLessThanOrEqual(0);
    }
  });

  it("a game read from its log saw what seat 0's own memory saw, asked at every turn's start", () => {
    const strong = makePolicy('strong');
    const run = playPolicyGame({ players: 6, seed: 4242, options: { characters: true }, seats: () => strong, keepLog: true });
    expect(run.state.result).toBeTruthy();
    const g = readGame(run.dealt!, run.log!);
    expect(g.seen).toEqual(seenRows(run.memories[0]!.beliefs.seen));
    const turns = run.log!.filter((e) => e.type === 'turnStart').length;
    expect(turns).toBeGreaterThan(3);
    expect(g.moments).toHaveLength(turns * 6);
    expect(g.truth).toEqual(run.dealt!.players.map((p) => ID_LIST.indexOf(p.identity)));
  });

  it("an evaluation with read gives A's seats' reading and the same seats' with B, paired on the same seeds", () => {
    const job = { mode: 'seat' as const, identity: '潜伏战线' as const, players: 5, characters: true, edition: 'standard' as const, seed: 5, from: 0, to: 4, read: true };
    // The same policy on both sides: the same games, read the same.
    const same = readSummary(runEval(job, () => makePolicy('strong'), () => makePolicy('strong')));
    expect(same.games).toBe(4);
    expect(same.a).toBeLessThan(0);
    expect(same.diff).toBe(0);
    // A seat that plays at random is read otherwise than the strong seat in its place.
    const random = readSummary(runEval(job, () => makePolicy('random'), () => makePolicy('strong')));
    expect(random.games).toBe(4);
    expect(random.b).toBe(same.b);
    expect(random.a).not.toBe(same.a);
    expect(random.ci95[0]).toBeLessThanOrEqual(random.diff);
    expect(random.ci95[1]).toBeGreaterThanOrEqual(random.diff);
  });
});
