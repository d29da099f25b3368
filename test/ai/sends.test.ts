// What a seat learns of how each player sends: the faces of the intel it sent, once taken or
// intercepted (memory.ts sentSeen), and the colour it expects of that player's next face-down
// intel (strong-table.ts sendsOf). Baseline players send black face down far more than the
// deck holds black; the strong policy must come to read that from the table.
import { describe, expect, it } from 'vitest';
import { playPolicyGame } from '../../src/ai/play.js';
import { makePolicy } from '../../src/ai/index.js';
import { faceIndex } from '../../src/ai/cards.js';
import { DEFAULT_PARAMS, Table } from '../../src/ai/strong-table.js';
import { view } from '../../src/engine/index.js';

describe('how players send', () => {
  it('counts the faces each sender sent that were then seen, and reads a black-heavy sender as one', () => {
    const baseline = makePolicy('baseline');
    const strong = makePolicy('strong');
    let checked = 0;
    let tilted = 0;
    for (let g = 0; g < 12; g++) {
      const truth: number[][] = Array.from({ length: 5 }, () => new Array(9).fill(0));
      const run = playPolicyGame({
        players: 5,
        seed: 300 + g,
        seats: (s) => (s === 0 ? strong : baseline),
        onAction: (before, _a, _after, events) => {
          for (const e of events)
            if ((e.type === 'take' || e.type === 'intercept') && before.transit && typeof e.card === 'number')
              truth[before.transit.sender][faceIndex(before.cards[e.card])]++;
        },
      });
      const m = run.memories[0]!;
      expect(m.sentSeen).toEqual(truth);
      checked++;
      const tb = new Table(view(run.state, 0), m, DEFAULT_PARAMS);
      for (let s = 1; s < 5; s++) {
        const seen = m.sentSeen[s];
        if (seen[2] >= 3 && seen[2] > seen[0] + seen[1]) {
          expect(tb.sendsOf(s, '密电')[2]).toBeGreaterThan(tb.pool[2]);
          tilted++;
        }
      }
    }
    expect(checked).toBe(12);
    expect(tilted).toBeGreaterThan(0);
  });
});
