// Public events carry nothing the public may not know: a 识破 of a face-down 试探, its negation and
// face-down intel discarded name no card id (card ids map to fixed cards, so an id is the card).
import { describe, expect, it } from 'vitest';
import { apply, newGame } from '../../src/engine/index.js';
import { seedRng } from '../../src/engine/rng.js';
import { randomAction } from '../../src/sim/random-play.js';
import type { GameEvent, GameState } from '../../src/engine/types.js';

describe('public events and face-down cards', () => {
  it('never name a face-down 试探 on the stack, nor face-down intel discarded, over random games', () => {
    let checked = 0;
    for (const characters of [false, true])
      for (let g = 0; g < 120; g++) {
        let s: GameState = newGame({ seed: g, players: ['A', 'B', 'C', 'D', 'E'], options: { characters } }).state;
        const rng = seedRng(g);
        for (let k = 0; k < 3000 && !s.result; k++) {
          const probes = new Set(s.stack.filter((it) => it.card >= 0 && s.cards[it.card].probe && it.as === '试探').map((it) => it.card));
          const faceDown = s.transit && !s.transit.faceUp ? s.transit.card : undefined;
          const r = apply(s, randomAction(s, rng));
          if (!r.ok) break;
          for (const ev of r.events as (GameEvent & { card?: number; of?: number })[]) {
            if (ev.to !== 'all') continue;
            if (ev.type === 'play' && ev.of !== undefined) {
              expect(probes.has(ev.of), `play names the 试探 ${ev.of}`).toBe(false);
              checked++;
            }
            if (ev.type === 'negate' && ev.card !== undefined) expect(probes.has(ev.card), `negate names the 试探 ${ev.card}`).toBe(false);
            if (ev.type === 'intelDiscarded') expect(ev.card === undefined || ev.card !== faceDown, 'face-down intel discarded by id').toBe(true);
          }
          s = r.state;
        }
      }
    expect(checked).toBeGreaterThan(50);
  });
});
