// The search's playouts (playOn) take shortcuts for speed: a window passed without listing its
// seats, a receive's take or refuse and a send drawn without listing them, listed actions applied
// without checking them again. Here the same playouts are played the plain way — every action from
// legalActions, every step through playoutStep — and must end in the same state with the same count.
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, playOn } from '../../src/ai/expert.js';
import { apply, legalActions, newGame, playoutStep, waitingOn, workingCopy, type Action } from '../../src/engine/index.js';
import { randInt, seedRng, type RngState } from '../../src/engine/rng.js';
import type { Edition, GameState, Options } from '../../src/engine/types.js';
import { gameSeed, randomAction } from '../../src/sim/random-play.js';

/** The rollout policy of src/ai/expert.ts (rolloutAction), spelled out over the listed actions. */
function listedRollout(s: GameState, seat: number, rng: RngState): Action {
  const p = s.pending!;
  if (p.kind === 'window') return { kind: 'pass', seat };
  const legal = legalActions(s, seat);
  if (legal.length === 1) return legal[0];
  if (p.kind === 'receive') {
    const refuse = legal.find((a) => a.kind === 'refuse');
    const take = legal.find((a) => a.kind === 'take')!;
    const t = s.transit!;
    const pl = s.players[seat];
    const color = s.cards[t.card].color;
    const blacks = pl.intel.reduce((k, id) => (s.cards[id].color === '黑' ? k + 1 : k), 0);
    if (!refuse) return take;
    if (t.faceUp || t.known & (1 << seat)) {
      if (color === '黑') return refuse;
      const own = pl.identity === '潜伏战线' ? '红' : pl.identity === '军情处' ? '蓝' : null;
      return own === null || color === own ? take : refuse;
    }
    return blacks < 2 && randInt(rng, 2) ? take : refuse;
  }
  if (p.kind === 'send') return legal[randInt(rng, legal.length)];
  return legal[0];
}

function listedPlayOn(s: GameState, rng: RngState): number {
  let d = 0;
  for (; d < MAX_DEPTH && !s.result; d++) {
    const seats = waitingOn(s);
    const seat = seats.length === 1 ? seats[0] : seats[randInt(rng, seats.length)];
    if (playoutStep(s, listedRollout(s, seat, rng)) !== null) return -d - 1;
  }
  return d;
}

const CONFIGS: { edition: Edition; players: number; characters: boolean; options?: Partial<Options> }[] = [
  { edition: 'standard', players: 5, characters: true },
  { edition: 'standard', players: 9, characters: true },
  { edition: 'standard', players: 6, characters: false },
  { edition: 'standard', players: 7, characters: true, options: { characterSet: 'classic' } },
  { edition: 'promo', players: 6, characters: true },
  { edition: 'qianzhi', players: 5, characters: true },
];

describe('playOn plays the rollout policy over the listed actions', () => {
  for (const c of CONFIGS) {
    it(`${c.edition}, ${c.players} players, characters ${c.characters ? (c.options?.characterSet ?? 'standard') : 'off'}`, () => {
      const names = Array.from({ length: c.players }, (_, i) => String.fromCharCode(65 + i));
      let playouts = 0;
      for (let g = 0; g < 6; g++) {
        const seed = gameSeed(31, g + c.players * 10);
        let s = newGame({ seed, players: names, edition: c.edition, options: { ...c.options, characters: c.characters } }).state;
        const rng = seedRng(seed);
        for (let k = 0; !s.result; k++) {
          // From every 7th state of a random game (the character choice included), a playout both ways.
          if (k % 7 === 0) {
            const fast = workingCopy(s);
            const plain = workingCopy(s);
            const n = playOn(fast, seedRng(seed + k));
            expect(n, `seed ${seed}, state ${k}`).toBe(listedPlayOn(plain, seedRng(seed + k)));
            if (JSON.stringify(fast) !== JSON.stringify(plain)) expect(fast, `seed ${seed}, state ${k}`).toEqual(plain);
            playouts++;
          }
          const r = apply(s, randomAction(s, rng));
          if (!r.ok) throw new Error(r.reason);
          s = r.state;
        }
      }
      expect(playouts).toBeGreaterThan(100);
    });
  }
});
