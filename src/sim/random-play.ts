// Whole games of random legal actions: the simulator, the benchmark and tests share this.
import { apply, buildDeck, legalActions, newGame, waitingOn } from '../engine/index.js';
import { randInt, seedRng, type RngState } from '../engine/rng.js';
import type { Action, Edition, GameEvent, GameState } from '../engine/types.js';
import { checkEvents, checkInvariants } from './invariants.js';

export interface PlayOptions {
  players: number;
  seed: number;
  edition: Edition;
  /** Check every invariant after every action (the sim does; the benchmark does not). */
  invariants: boolean;
  /** Give up on a game after this many actions (an endless game is a bug). */
  maxActions?: number;
  /** Play with characters (choosing them, using skills). */
  characters?: boolean;
  /** Count the skills named by events (the sim's unused-skill report; the benchmark does not). */
  countSkills?: boolean;
  /** Stop (without error) after this many actions: a moment of a game, for the table picture. */
  stopAfter?: number;
}

export interface GameRun {
  state: GameState;
  actions: number;
  violations: string[];
  error?: string;
  /** How often each skill name appeared in the game's events (used, declared, or made a difference). */
  skills: Record<string, number>;
}

/** Counts the skills named by a batch of events. */
export function countSkills(events: GameEvent[], into: Record<string, number>): void {
  for (const e of events) if ('skill' in e && typeof e.skill === 'string') into[e.skill] = (into[e.skill] ?? 0) + 1;
}

/** Picks a waiting seat, then one of its legal actions, uniformly at random. */
export function randomAction(s: GameState, rng: RngState): Action {
  const seats = waitingOn(s);
  const seat = seats[randInt(rng, seats.length)];
  const acts = legalActions(s, seat);
  return acts[randInt(rng, acts.length)];
}

export function playRandomGame(o: PlayOptions): GameRun {
  const names = Array.from({ length: o.players }, (_, i) => String.fromCharCode(65 + i));
  let state = newGame({ seed: o.seed, players: names, edition: o.edition, options: { characters: o.characters ?? false } }).state;
  const rng = seedRng(o.seed ^ 0x5bd1e995);
  const max = o.maxActions ?? 100_000;
  const violations: string[] = o.invariants ? checkInvariants(state) : [];
  // Card conservation counts the whole deck of the edition (81, or 108 for 千智风声).
  if (o.invariants && state.cards.length !== buildDeck(o.edition).length)
    violations.push(`game seed ${o.seed}: ${state.cards.length} cards, the ${o.edition} deck has ${buildDeck(o.edition).length}`);
  let actions = 0;
  const skills: Record<string, number> = {};
  try {
    while (!state.result && !(o.stopAfter !== undefined && actions >= o.stopAfter)) {
      if (actions >= max) return { state, actions, violations, skills, error: `no end after ${max} actions` };
      const a = randomAction(state, rng);
      const r = apply(state, a);
      if (!r.ok) return { state, actions, violations, skills, error: `legal action refused: ${JSON.stringify(a)}: ${r.reason}` };
      if (o.countSkills) countSkills(r.events, skills);
      if (o.invariants) {
        const bad = [...checkInvariants(r.state, state), ...checkEvents(state, r.state, r.events)];
        if (bad.length) violations.push(...bad.map((b) => `game seed ${o.seed}, version ${r.state.version}: ${b}`));
      }
      state = r.state;
      actions++;
    }
  } catch (e) {
    return { state, actions, violations, skills, error: `game seed ${o.seed}: ${(e as Error).stack ?? e}` };
  }
  return { state, actions, violations, skills };
}

/** The seed of game i of a run, spread so neighbouring runs do not share games. */
export function gameSeed(runSeed: number, i: number): number {
  return (Math.imul(runSeed, 0x9e3779b1) + i * 7919) >>> 0;
}
