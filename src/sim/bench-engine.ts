// Engine figures for `npm run bench` (README: commands for checks and tools): random games without invariant checks.
import { performance } from 'node:perf_hooks';
import { playOn } from '../ai/expert.js';
import { apply, legalActions, newGame, view, waitingOn, workingCopy } from '../engine/index.js';
import { seedRng } from '../engine/rng.js';
import type { GameState } from '../engine/types.js';
import { gameSeed, playRandomGame, randomAction } from './random-play.js';

export type Figures = Record<string, { value: number; unit: string }>;

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

export function engineBenchmarks(): Figures {
  // Warm up the JIT so the figure is the steady state a long-running bot sees.
  for (let i = 0; i < 300; i++) playRandomGame({ players: 5, seed: gameSeed(99, i), edition: 'standard', invariants: false, characters: true });

  const games = 4000;
  let actions = 0;
  const t0 = performance.now();
  for (let i = 0; i < games; i++)
    actions += playRandomGame({ players: 5, seed: gameSeed(1, i), edition: 'standard', invariants: false, characters: true }).actions;
  const seconds = (performance.now() - t0) / 1000;
  const search = searchPlayoutRate();

  // The same without characters: the game of issue 2's target.
  for (let i = 0; i < 300; i++) playRandomGame({ players: 5, seed: gameSeed(98, i), edition: 'standard', invariants: false });
  const t1 = performance.now();
  for (let i = 0; i < games; i++) playRandomGame({ players: 5, seed: gameSeed(1, i), edition: 'standard', invariants: false });
  const plainSeconds = (performance.now() - t1) / 1000;

  // The three hot calls on their own, over states taken from real games.
  const states: GameState[] = [];
  for (let i = 0; i < 50; i++) {
    let s = newGame({ seed: i, players: ['A', 'B', 'C', 'D', 'E'], options: { characters: true } }).state;
    const rng = seedRng(i);
    while (!s.result) {
      states.push(s);
      const r = apply(s, randomAction(s, rng));
      if (!r.ok) throw new Error(r.reason);
      s = r.state;
    }
  }
  const time = (f: (s: GameState) => unknown) => {
    const t = performance.now();
    for (const s of states) f(s);
    return states.length / ((performance.now() - t) / 1000);
  };
  const legalPerSecond = time((s) => legalActions(s, waitingOn(s)[0]));
  const viewsPerSecond = time((s) => view(s, s.current));

  return {
    randomGamesPerSecond: { value: round(games / seconds), unit: 'games/s (5 players, characters on, one core, random legal actions)' },
    randomGamesPerSecondNoCharacters: { value: round(games / plainSeconds), unit: 'games/s (5 players, characters off, one core)' },
    engineActionsPerSecond: { value: Math.round(search.actions), unit: 'actions/s (as the playout search plays: playOn, the playout policy on the mutable path, its choices included, 5 players, characters on)' },
    searchPlayoutsPerSecond: { value: Math.round(search.playouts), unit: 'playouts/s (the same, up to 150 actions each, from states of random games)' },
    pureApplyActionsPerSecond: { value: Math.round(actions / seconds), unit: 'actions/s (pure apply + listing legal actions, random legal actions, 5 players, characters on)' },
    actionsPerGame: { value: round(actions / games), unit: 'actions/game (5 players)' },
    legalActionListingsPerSecond: { value: Math.round(legalPerSecond), unit: 'listings/s' },
    viewsPerSecond: { value: Math.round(viewsPerSecond), unit: 'views/s' },
    heapBytesPerLiveGame: { value: heapPerLiveGame(), unit: 'bytes (5-player game in progress)' },
  };
}

/**
 * The engine as the playout search uses it (src/ai/expert.ts, leaf 'playout'; the default look-ahead
 * plays the pure apply with the strong policy deciding, lookahead.ts): playouts of the fast policy (playOn and
 * rolloutAction: windows passed, receives, sends and questions drawn without listing the legal
 * actions) on a working copy changed in place, from every 10th state of 100 random games, to the
 * end or MAX_DEPTH actions. The copy of the world is counted in.
 */
function searchPlayoutRate(): { actions: number; playouts: number } {
  const states: GameState[] = [];
  for (let i = 0; i < 100; i++) {
    let s = newGame({ seed: gameSeed(7, i), players: ['A', 'B', 'C', 'D', 'E'], options: { characters: true } }).state;
    const rng = seedRng(i);
    for (let k = 0; !s.result; k++) {
      if (k % 10 === 5) states.push(s);
      const r = apply(s, randomAction(s, rng));
      if (!r.ok) throw new Error(r.reason);
      s = r.state;
    }
  }
  const round = (rep: number): [number, number] => {
    let actions = 0;
    const t = performance.now();
    for (let i = 0; i < states.length; i++) {
      const w = workingCopy(states[i]);
      if (playOn(w, seedRng(i * 7 + rep)) < 0) throw new Error('bench: a playout action refused');
      actions += w.version - states[i].version;
    }
    return [actions, performance.now() - t];
  };
  round(100);
  let actions = 0;
  let ms = 0;
  for (let rep = 0; rep < 4; rep++) {
    const [n, t] = round(rep);
    actions += n;
    ms += t;
  }
  return { actions: actions / (ms / 1000), playouts: (4 * states.length) / (ms / 1000) };
}

/** Heap held per game in progress: 2,000 games played 60 actions in, kept alive at once. */
function heapPerLiveGame(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return NaN;
  gc();
  const before = process.memoryUsage().heapUsed;
  const live: GameState[] = [];
  for (let i = 0; i < 2000; i++) {
    let s = newGame({ seed: i, players: ['A', 'B', 'C', 'D', 'E'], options: { characters: true } }).state;
    const rng = seedRng(i);
    for (let k = 0; k < 60 && !s.result; k++) {
      const r = apply(s, randomAction(s, rng));
      if (r.ok) s = r.state;
    }
    live.push(s);
  }
  gc();
  const after = process.memoryUsage().heapUsed;
  const per = Math.round((after - before) / live.length);
  return live.length ? per : NaN;
}
