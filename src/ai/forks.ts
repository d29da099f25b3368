// Forks: what a searching policy's overrules are worth, measured at the decisions themselves
// (npm run ai:forks). ai:eval's game-level difference needs thousands of games to see two points;
// here every overrule is valued directly, so a change of the search can be judged on a hundred.
//
// Games are played by the strong policy at every seat, so every variant meets the same decisions.
// At each decision of the measured seat (seat g % P in game g) with more than one legal action,
// each variant decides on the seat's view, legal actions and memory. Where a variant's choice
// differs from the strong policy's, both are played on from the real state, K times each, by the
// strong policy at every seat (each seat on its own memory), with the deck shuffled again the same
// K ways for both (the seat cannot know the deck). A continuation scores 1 if the measured seat is
// among the winners, else 0 (ai:eval's win). The variant's gain at that decision is the paired mean
// difference; a variant's worth is the sum of its gains over the games (points per game: × 100 / games).
import { apply, legalActions, newGame, view, waitingOn, type Action, type GameView } from '../engine/index.js';
import { randInt, seedRng, shuffleInPlace, type RngState } from '../engine/rng.js';
import type { CharacterSet, Edition, GameState } from '../engine/types.js';
import { gameSeed } from '../sim/random-play.js';
import { actionKey } from './expert.js';
import { newMemory, observeAll, type SeatMemory } from './memory.js';
import type { Policy } from './policy.js';
import { StrongPolicy } from './strong.js';

export interface ForkJob {
  players: number;
  characters: boolean;
  seed: number;
  /** Game numbers [from, to). */
  from: number;
  to: number;
  /** Continuations per action at a fork. */
  k: number;
  /** The edition and the characters' set (standard where absent). */
  edition?: Edition;
  characterSet?: CharacterSet;
}

/** One variant's choice at one decision that some variant overruled. */
export interface ForkRecord {
  game: number;
  /** The measured seat's identity. */
  identity: string;
  /** The decision's pending kind (send, receive, window, discard …) and the action kinds chosen. */
  pending: string;
  strong: string;
  /** Per variant: its action's kind ('' where it chose as strong) and its gain (mean of K paired differences). */
  chosen: string[];
  gain: number[];
}

export interface ForkResult {
  games: number;
  /** Decisions of the measured seats with more than one legal action. */
  decisions: number;
  records: ForkRecord[];
  errors: number;
  firstError: string | null;
}

/** Plays games [from, to) by strong at every seat; at each of the measured seat's decisions asks every variant. */
export function runForks(job: ForkJob, variants: readonly Policy[]): ForkResult {
  const strong = new StrongPolicy();
  const out: ForkResult = { games: 0, decisions: 0, records: [], errors: 0, firstError: null };
  const names = Array.from({ length: job.players }, (_, i) => String.fromCharCode(65 + i));
  for (let g = job.from; g < job.to; g++) {
    const seed = gameSeed(job.seed, g);
    const measured = g % job.players;
    const start = newGame({ seed, players: names, edition: job.edition ?? 'standard',
      options: { characters: job.characters, ...(job.characterSet && job.characterSet !== 'standard' && { characterSet: job.characterSet }) },
    });
    const mems = start.state.players.map((_, i) => observeAll(newMemory(view(start.state, i)), start.events));
    try {
      playStrong(start.state, mems, seedRng(seed ^ 0x5bd1e995), strong, 100_000, (state, mems, seat, legal, v, pick, n) => {
        if (seat !== measured) return;
        out.decisions++;
        const chosen = variants.map((p) => p.decide(v, legal, mems[seat]));
        if (chosen.every((a) => a === pick)) return;
        const q = new Map<string, number[]>();
        const value = (a: Action) => {
          const key = actionKey(a);
          if (!q.has(key)) q.set(key, continuations(state, mems, a, measured, job.k, seed ^ n, strong));
          return q.get(key)!;
        };
        const base = value(pick);
        out.records.push({
          game: g,
          identity: state.players[measured].identity,
          pending: state.pending?.kind ?? '',
          strong: pick.kind,
          chosen: chosen.map((a) => (a === pick ? '' : a.kind)),
          gain: chosen.map((a) => (a === pick ? 0 : mean(value(a).map((x, i) => x - base[i])))),
        });
      });
    } catch (e) {
      out.errors++;
      out.firstError ??= `game ${g}: ${(e as Error).stack ?? e}`;
    }
    out.games++;
  }
  return out;
}

/** K games played on from `state` after `first` by strong at every seat, the deck shuffled again each time: 1 where `me` won. */
export function continuations(state: GameState, mems: readonly SeatMemory[], first: Action, me: number, k: number, seed: number, strong: Policy): number[] {
  const r0 = apply(state, first);
  if (!r0.ok) throw new Error(`fork refused: ${r0.reason}`);
  const after = r0.state;
  const mems0 = mems.map((m) => observeAll(m, r0.events));
  const out: number[] = [];
  for (let i = 0; i < k; i++) {
    const rng = seedRng((seed ^ Math.imul(i + 1, 0x9e3779b1)) >>> 0);
    const deck = after.deck.slice();
    shuffleInPlace(rng, deck);
    const s = playStrong({ ...after, deck, rng: [rng[0], rng[1], rng[2], rng[3]] }, mems0, rng, strong, 20_000);
    out.push(s.result && !s.result.draw && s.result.winners.includes(me) ? 1 : 0);
  }
  return out;
}

/**
 * Strong at every seat, each on its own memory, from `s` until the game ends or `max` actions; the
 * seat to act drawn from `rng` among those the game waits on (as play.ts does). `at` sees each
 * decision with more than one legal action before strong's choice is played. Returns the last state.
 */
export function playStrong(
  s: GameState,
  mems: readonly SeatMemory[],
  rng: RngState,
  strong: Policy,
  max: number,
  at?: (s: GameState, mems: readonly SeatMemory[], seat: number, legal: readonly Action[], v: GameView, pick: Action, n: number) => void,
): GameState {
  for (let n = 0; !s.result && n < max; n++) {
    const seats = waitingOn(s);
    const seat = seats[randInt(rng, seats.length)];
    const legal = legalActions(s, seat);
    let a = legal[0];
    if (legal.length > 1) {
      const v = view(s, seat);
      a = strong.decide(v, legal, mems[seat]);
      at?.(s, mems, seat, legal, v, a, n);
    }
    const r = apply(s, a);
    if (!r.ok) throw new Error(`strong's action refused: ${r.reason}`);
    mems = mems.map((m) => observeAll(m, r.events));
    s = r.state;
  }
  return s;
}

function mean(xs: readonly number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
}
