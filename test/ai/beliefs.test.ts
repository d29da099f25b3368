// Beliefs are a pure fold over the events a seat may see: rebuilt from the log they equal the
// live ones; they are explainable; certain facts are certain; and they learn.
import { describe, expect, it } from 'vitest';
import { newGame, view } from '../../src/engine/index.js';
import type { GameEvent } from '../../src/engine/types.js';
import {
  explainBeliefs,
  newMemory,
  observe,
  playPolicyGame,
  rebuildMemory,
  StrongPolicy,
  visibleTo,
  randomPolicy,
  type SeatMemory,
} from '../../src/ai/index.js';
import { gameSeed } from '../../src/sim/random-play.js';
import { beliefsFrom, EVIDENCE_KINDS, reread, weights, type SeenList } from '../../src/ai/beliefs.js';

const listLength = (l: SeenList) => {
  let n = 0;
  for (; l; l = l.prev) n++;
  return n;
};

const plain = (m: SeatMemory) =>
  JSON.parse(JSON.stringify(m, (_k, v) => (v instanceof Float64Array ? Array.from(v) : v)));

describe('beliefs', () => {
  it('read from what every player saw (beliefsFrom), any seat\'s evidence is that seat\'s own', () => {
    let compared = 0;
    for (let g = 0; g < 6; g++) {
      const players = [5, 7, 9][g % 3];
      const run = playPolicyGame({ players, seed: gameSeed(41, g), options: { characters: g % 2 === 0 }, seats: () => new StrongPolicy() });
      const mems = run.memories.map((m) => m!);
      for (let o = 0; o < players; o++) {
        // Every observer kept the same list: nothing in it is one seat's secret.
        expect(listLength(mems[o].beliefs.seen)).toBe(listLength(mems[0].beliefs.seen));
        for (let s = 0; s < players; s++) {
          const own = mems[s].beliefs;
          const read = beliefsFrom(mems[o].beliefs.seen, players, s, run.state.players[s].identity, mems[s].beliefOptions);
          expect(read.table).toBe(own.table);
          for (let i = 0; i < players; i++) expect(Array.from(read.acc[i])).toEqual(Array.from(own.acc[i]));
          compared++;
        }
      }
      expect(listLength(mems[0].beliefs.seen)).toBeGreaterThan(5);
    }
    expect(compared).toBe(2 * (25 + 49 + 81));
  });

  it('read again (reread) as they were read, the same; with every kind at 0, the prior and the certain facts alone, secrets too', () => {
    let secrets = 0;
    for (let g = 0; g < 8; g++) {
      const players = [5, 7][g % 2];
      const run = playPolicyGame({ players, seed: gameSeed(43, g), options: { characters: true }, seats: () => new StrongPolicy() });
      for (let seat = 0; seat < players; seat++) {
        const b = run.memories[seat]!.beliefs;
        const same = weights(reread(b, run.memories[seat]!.beliefOptions));
        weights(b).forEach((w, a) => expect(same[a]).toBeCloseTo(w, 12));
        const none = reread(b, { weights: Object.fromEntries(EVIDENCE_KINDS.map((k) => [k, 0])) });
        for (let a = 0; a < b.table.count; a++) expect(none.logw[a]).toBe(b.hard[a] === -Infinity ? -Infinity : b.table.logPrior[a]);
        // A certain fact not in what every player saw: a 试探 this seat used, or 合谋.
        const shown = beliefsFrom(b.seen, players, seat, run.state.players[seat].identity);
        if (b.hard.some((h, a) => h !== shown.hard[a])) secrets++;
      }
    }
    expect(secrets).toBeGreaterThan(0);
  });

  it('rebuilt from the event log equal the live beliefs, at the end and part way', () => {
    for (let g = 0; g < 8; g++) {
      const players = [3, 5, 7, 9][g % 4];
      const characters = g % 4 < 2;
      const run = playPolicyGame({
        players,
        seed: gameSeed(21, g),
        options: { characters },
        seats: (_s, id, rng) => (g % 2 === 0 || id !== '打酱油的' ? new StrongPolicy() : randomPolicy({ rng })),
        keepLog: true,
      });
      expect(run.error).toBeUndefined();
      const log = run.log!;
      for (let seat = 0; seat < players; seat++) {
        const live = run.memories[seat];
        if (!live) continue;
        // The view of any moment will do: newMemory reads only what never changes.
        const rebuilt = rebuildMemory(view(run.state, seat), log);
        expect(plain(rebuilt)).toEqual(plain(live));
        expect(explainBeliefs(rebuilt.beliefs)).toEqual(explainBeliefs(live.beliefs));
      }
      // Part way: the fold of a prefix is what the seat knew then.
      const cut = Math.floor(log.length / 2);
      const seat = 0;
      const start = newGame({
        seed: gameSeed(21, g),
        players: Array.from({ length: players }, (_, i) => String.fromCharCode(65 + i)),
        options: { characters },
      });
      const a = log.slice(0, cut).filter((e) => visibleTo(e, seat)).reduce(observe, newMemory(view(start.state, seat)));
      const b = rebuildMemory(view(run.state, seat), log.slice(0, cut));
      expect(plain(a)).toEqual(plain(b));
    }
  });

  it('explain gives a plain object per seat: probabilities sum to one, the own seat is certain', () => {
    const run = playPolicyGame({ players: 5, seed: 77, seats: () => new StrongPolicy() });
    for (let seat = 0; seat < 5; seat++) {
      const ex = explainBeliefs(run.memories[seat]!.beliefs);
      expect(JSON.parse(JSON.stringify(ex))).toEqual(ex);
      expect(ex).toHaveLength(5);
      for (const e of ex) {
        const sum = Object.values(e.identity).reduce((x, y) => x + y, 0);
        expect(sum).toBeCloseTo(1, 2);
      }
      expect(ex[seat].identity[run.state.players[seat].identity]).toBe(1);
    }
  });

  it('a revealed identity and a 试探 we used are certain', () => {
    const start = newGame({ seed: 3, players: ['A', 'B', 'C', 'D', 'E'] });
    const s = start.state;
    const me = 0;
    let m = newMemory(view(s, me));
    const other = 1;
    const idOther = s.players[other].identity;
    m = observe(m, { to: 'all', type: 'reveal', seat: other, identity: idOther } as GameEvent);
    expect(explainBeliefs(m.beliefs)[other].identity[idOther]).toBe(1);
    // Seat 0 uses a 试探 betting seat 2 is 军情处, and sees the answer.
    const probe = s.cards.findIndex((c) => c.probe?.identity === '军情处');
    const truth = s.players[2].identity === '军情处';
    m = observe(m, { to: 'all', type: 'play', seat: me, as: '试探', target: 2 } as GameEvent);
    m = observe(m, { to: [me, 2], type: 'probeCard', seat: me, target: 2, card: probe } as GameEvent);
    m = observe(m, { to: 'all', type: 'resolve', seat: me, as: '试探', target: 2 } as GameEvent);
    m = observe(m, { to: 'all', type: 'probeResult', seat: 2, by: me, result: truth ? 'draw' : 'deny' } as GameEvent);
    expect(explainBeliefs(m.beliefs)[2].identity['军情处']).toBe(truth ? 1 : 0);
    expect(explainBeliefs(m.beliefs)[2].notes.length).toBeGreaterThan(0);
  });

  it('learn: at the end of strong-vs-strong games the true identities are more likely than at the start', () => {
    let prior = 0;
    let post = 0;
    let count = 0;
    for (let g = 0; g < 10; g++) {
      const run = playPolicyGame({ players: 5, seed: gameSeed(31, g), seats: () => new StrongPolicy() });
      for (let seat = 0; seat < 5; seat++) {
        const m0 = newMemory(view(run.state, seat));
        const e0 = explainBeliefs(m0.beliefs);
        const e1 = explainBeliefs(run.memories[seat]!.beliefs);
        for (let o = 0; o < 5; o++) {
          if (o === seat || !run.state.players[o].alive) continue; // the dead are revealed anyway
          const id = run.state.players[o].identity;
          prior += e0[o].identity[id];
          post += e1[o].identity[id];
          count++;
        }
      }
    }
    expect(post / count).toBeGreaterThan(prior / count + 0.05);
  });
});
