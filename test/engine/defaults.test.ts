// docs/rules.md §10: every seat the game waits on has a default, it is legal, and a timeout takes the
// defaults (one definition: src/engine/defaults.ts, shared with the bot's default seat policy).
import { describe, expect, it } from 'vitest';
import { apply, check, defaultAction, legalActions, newGame, waitingOn, type GameState } from '../../src/engine/index.js';
import { randInt, seedRng } from '../../src/engine/rng.js';

describe('defaults', () => {
  it('each waiting seat has a legal default, and a lone decider’s timeout is that default', () => {
    let checked = 0;
    for (const characters of [false, true])
      for (let g = 0; g < 20; g++) {
        const rng = seedRng(g);
        let s: GameState = newGame({ seed: g, players: ['A', 'B', 'C', 'D', 'E'], options: { characters } }).state;
        for (let n = 0; n < 400 && !s.result; n++) {
          const seats = waitingOn(s);
          for (const seat of seats) {
            const d = defaultAction(s, seat)!;
            expect(d, JSON.stringify(s.pending)).not.toBeNull();
            expect(check(s, d), JSON.stringify([d, s.pending])).toBeNull();
            checked++;
          }
          const p = s.pending!;
          if (p.kind === 'send' || p.kind === 'discard' || p.kind === 'decide') {
            const t = apply(s, { kind: 'timeout' });
            const d = apply(s, defaultAction(s, p.seat)!);
            if (!t.ok || !d.ok) throw new Error('refused');
            expect(t.events.slice(1)).toEqual(d.events);
            expect(t.state.pending?.kind).toBe(d.state.pending?.kind);
          }
          const seat = seats[randInt(rng, seats.length)];
          const legal = legalActions(s, seat);
          const r = apply(s, legal[randInt(rng, legal.length)]);
          if (!r.ok) throw new Error(r.reason);
          s = r.state;
        }
      }
    expect(checked).toBeGreaterThan(1000);
  });
});
