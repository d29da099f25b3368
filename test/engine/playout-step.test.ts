// The search's mutable path (playoutStep) is apply: stepping a working copy in place gives, after
// every action, the state apply gives, and refuses what apply refuses with the same reason.
import { describe, expect, it } from 'vitest';
import { apply, legalActions, newGame, playoutPass, playoutStep, waitingOn, workingCopy } from '../../src/engine/index.js';
import { nthSend, sendCount } from '../../src/engine/playout.js';
import { randInt, seedRng, type RngState } from '../../src/engine/rng.js';
import type { Action, Edition, GameState, Options } from '../../src/engine/types.js';
import { gameSeed, randomAction } from '../../src/sim/random-play.js';

/** A state as a string: keys sorted, undefined fields left out (what deep equality compares). */
function canon(x: unknown): string {
  if (x === null || typeof x !== 'object') return JSON.stringify(x);
  if (Array.isArray(x)) return `[${x.map(canon).join(',')}]`;
  const o = x as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canon(o[k])}`)
    .join(',')}}`;
}

const KINDS = ['pass', 'play', 'send', 'take', 'refuse', 'choose', 'pickCharacter', 'skill', 'decide', 'timeout', 'bogus'] as const;

/** An action made up at random: mostly refused (wrong seat, card, moment), sometimes accepted. */
function madeUp(s: GameState, rng: RngState): Action {
  const kind = KINDS[randInt(rng, KINDS.length)];
  const seat = randInt(rng, s.players.length + 1) - (randInt(rng, 8) === 0 ? 1 : 0);
  const card = randInt(rng, s.cards.length);
  const target = randInt(rng, s.players.length);
  return { kind, seat, card, target, skill: '截获', choice: 0, character: '老鬼', dir: 1 } as unknown as Action;
}

interface Config {
  edition: Edition;
  players: number;
  characters: boolean;
  options?: Partial<Options>;
}

const CONFIGS: Config[] = [
  { edition: 'standard', players: 5, characters: true },
  { edition: 'standard', players: 9, characters: true },
  { edition: 'standard', players: 5, characters: false },
  { edition: 'standard', players: 7, characters: true, options: { characterSet: 'classic' } },
  { edition: 'standard', players: 9, characters: true, options: { characterSet: 'classic' } },
  { edition: 'promo', players: 6, characters: true },
  { edition: 'promo', players: 7, characters: false },
  { edition: 'qianzhi', players: 5, characters: true },
  { edition: 'qianzhi', players: 6, characters: false },
];

const GAMES = 8;

/** Plays one seeded game on both paths, comparing after every action; returns the actions played. */
function both(c: Config, seed: number): number {
  const names = Array.from({ length: c.players }, (_, i) => String.fromCharCode(65 + i));
  let pure = newGame({ seed, players: names, edition: c.edition, options: { ...c.options, characters: c.characters } }).state;
  const initial = pure;
  const start = canon(initial);
  const mine = workingCopy(initial);
  const rng = seedRng(seed ^ 0x2545f491);
  let n = 0;
  while (!pure.result && n < 20_000) {
    // One action in six is made up (and then mostly refused), one in forty a timeout.
    const r = randInt(rng, 40);
    const a: Action = r === 0 ? { kind: 'timeout' } as Action : r < 7 ? madeUp(pure, rng) : randomAction(pure, rng);
    const next = apply(pure, a);
    const refused = playoutStep(mine, a);
    if (next.ok) {
      expect(refused, `seed ${seed}, version ${pure.version}: ${JSON.stringify(a)}`).toBeNull();
      pure = next.state;
      n++;
    } else expect(refused, `seed ${seed}, version ${pure.version}: ${JSON.stringify(a)}`).toBe(next.reason);
    // JSON first (fast; the key order is the same but for fields deleted and set again), then deep equality.
    if (JSON.stringify(mine) !== JSON.stringify(pure)) expect(mine, `seed ${seed}, version ${pure.version}, after ${JSON.stringify(a)}`).toEqual(pure);
  }
  expect(pure.result).not.toBeNull();
  // The copy shares nothing that an action changes with the state it was made from.
  expect(canon(initial)).toBe(start);
  return n;
}

describe('playoutStep is apply in place', () => {
  for (const c of CONFIGS) {
    const name = `${c.edition}, ${c.players} players, characters ${c.characters ? (c.options?.characterSet ?? 'standard') : 'off'}`;
    it(name, () => {
      let actions = 0;
      for (let i = 0; i < GAMES; i++) actions += both(c, gameSeed(77, i + c.players * 100));
      expect(actions).toBeGreaterThan(GAMES * 50);
    });
  }

  it('playoutPass is playoutStep of a pass, for every seat a window waits on; sendCount and nthSend are the listed sends', () => {
    let passes = 0;
    let sends = 0;
    for (const c of CONFIGS) {
      const names = Array.from({ length: c.players }, (_, i) => String.fromCharCode(65 + i));
      for (let i = 0; i < 3; i++) {
        const seed = gameSeed(78, i + c.players * 100);
        let s = newGame({ seed, players: names, edition: c.edition, options: { ...c.options, characters: c.characters } }).state;
        const rng = seedRng(seed);
        while (!s.result) {
          const p = s.pending!;
          if (p.kind === 'window')
            for (const seat of waitingOn(s)) {
              const w = workingCopy(s);
              playoutPass(w, seat);
              const want = apply(s, { kind: 'pass', seat });
              if (!want.ok) throw new Error(want.reason);
              if (JSON.stringify(w) !== JSON.stringify(want.state)) expect(w).toEqual(want.state);
              passes++;
            }
          if (p.kind === 'send') {
            const listed = legalActions(s, p.seat);
            expect(sendCount(s, p.seat)).toBe(listed.length);
            for (let k = 0; k < listed.length; k++) expect(nthSend(s, p.seat, k)).toEqual(listed[k]);
            sends++;
          }
          const r = apply(s, randomAction(s, rng));
          if (!r.ok) throw new Error(r.reason);
          s = r.state;
        }
      }
    }
    expect(passes).toBeGreaterThan(1000);
    expect(sends).toBeGreaterThan(100);
  });

  it('a refused action leaves the working copy as it was', () => {
    const s = newGame({ seed: 3, players: ['A', 'B', 'C', 'D', 'E'], options: { characters: true } }).state;
    const w = workingCopy(s);
    const before = canon(w);
    expect(playoutStep(w, { kind: 'send', seat: 0, card: 0 })).toMatch(/not time to send/);
    expect(canon(w)).toBe(before);
  });
});
