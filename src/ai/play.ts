// Whole games played by policies: the simulator (--ai), the evaluation and the tests share this.
// Seats are asked in the order src/sim/random-play.ts uses (a seeded pick among the seats the
// game waits on), so a table of random policies sharing the game's generator plays exactly
// the games of playRandomGame.
import { performance } from 'node:perf_hooks';
import { apply, legalActions, newGame, view, waitingOn } from '../engine/index.js';
import { randInt, seedRng, type RngState } from '../engine/rng.js';
import type { Action, Edition, GameEvent, GameState, Identity, Options } from '../engine/types.js';
import { checkInvariants } from '../sim/invariants.js';
import { newMemory, observeAll, type MemoryOptions, type SeatMemory } from './memory.js';
import type { Policy } from './policy.js';

export interface PolicyGameOptions {
  players: number;
  seed: number;
  edition?: Edition;
  options?: Partial<Options>;
  /** Each seat's policy, given its identity and the game's shared generator. */
  seats: (seat: number, identity: Identity, rng: RngState) => Policy;
  invariants?: boolean;
  maxActions?: number;
  /** Called after each decision of a policy, with its duration in ms. */
  onDecision?: (seat: number, policy: Policy, ms: number) => void;
  /** Called after each accepted action with the states before and after (measurements: ai:eval's blunders). */
  onAction?: (before: GameState, action: Action, after: GameState, events: readonly GameEvent[]) => void;
  memoryOptions?: MemoryOptions;
  /** Keep every event (for tests that rebuild memories from the log). */
  keepLog?: boolean;
}

export interface PolicyGameRun {
  state: GameState;
  actions: number;
  violations: string[];
  error?: string;
  policies: Policy[];
  memories: (SeatMemory | null)[];
  log?: GameEvent[];
  /** The state as dealt, with the log (keepLog). */
  dealt?: GameState;
}

export function playPolicyGame(o: PolicyGameOptions): PolicyGameRun {
  const names = Array.from({ length: o.players }, (_, i) => String.fromCharCode(65 + i));
  const start = newGame({ seed: o.seed, players: names, edition: o.edition ?? 'standard', options: o.options });
  let state = start.state;
  const rng = seedRng(o.seed ^ 0x5bd1e995);
  const policies = state.players.map((p, i) => o.seats(i, p.identity, rng));
  const memories: (SeatMemory | null)[] = policies.map((p, i) =>
    p.usesMemory ? observeAll(newMemory(view(state, i), o.memoryOptions), start.events) : null,
  );
  const log = o.keepLog ? start.events.slice() : undefined;
  const max = o.maxActions ?? 100_000;
  const violations: string[] = o.invariants ? checkInvariants(state) : [];
  let actions = 0;
  let anyView: ReturnType<typeof view> | undefined;
  const done = (error?: string): PolicyGameRun => ({ state, actions, violations, error, policies, memories, log, ...(log && { dealt: start.state }) });
  try {
    while (!state.result) {
      if (actions >= max) return done(`no end after ${max} actions`);
      const seats = waitingOn(state);
      const seat = seats[randInt(rng, seats.length)];
      const legal = legalActions(state, seat);
      const policy = policies[seat];
      const mem = memories[seat] ?? undefined;
      // A policy that never reads the view gets the first one made (views cost time).
      const v = policy.readsView === false ? (anyView ??= view(state, seat)) : view(state, seat);
      let a: ReturnType<typeof policy.decide>;
      if (o.onDecision) {
        const t0 = performance.now();
        a = policy.decide(v, legal, mem);
        o.onDecision(seat, policy, performance.now() - t0);
      } else a = policy.decide(v, legal, mem);
      if (!legal.includes(a)) return done(`${policy.name} (seat ${seat}) chose an action it was not offered: ${JSON.stringify(a)}`);
      const r = apply(state, a);
      if (!r.ok) return done(`legal action refused: ${JSON.stringify(a)}: ${r.reason}`);
      if (o.invariants) {
        const bad = checkInvariants(r.state, state);
        if (bad.length) violations.push(...bad.map((b) => `game seed ${o.seed}, version ${r.state.version}: ${b}`));
      }
      for (let i = 0; i < memories.length; i++) {
        const m = memories[i];
        if (m) memories[i] = observeAll(m, r.events);
      }
      if (log) log.push(...r.events);
      o.onAction?.(state, a, r.state, r.events);
      state = r.state;
      actions++;
    }
  } catch (e) {
    return done(`game seed ${o.seed}: ${(e as Error).stack ?? e}`);
  }
  return done();
}
