// Small helpers over the state shared by the rules files.
import type { Card, CharState, GameEvent, GameState, Pending, Player, StackItem } from './types.js';

export const bit = (seat: number): number => 1 << seat;
export const has = (mask: number, seat: number): boolean => (mask & (1 << seat)) !== 0;

/** The game has ended, or is ending: a declaration waits only on its declarer's choice (风度). */
export const over = (s: GameState): boolean => s.result !== null || (s.chars !== undefined && s.chars.declaring !== undefined);

/** In the game: alive and not out. */
export const inGame = (p: Player): boolean => p.alive && !p.out;

export function liveMask(s: GameState): number {
  let m = 0;
  for (let i = 0; i < s.players.length; i++) if (inGame(s.players[i])) m |= 1 << i;
  return m;
}

export function liveCount(s: GameState): number {
  let n = 0;
  for (const p of s.players) if (inGame(p)) n++;
  return n;
}

/** Seats from `start` onward in seat order (docs/rules.md §8: priority goes to the next seat). */
export function seatsFrom(s: GameState, start: number): number[] {
  const n = s.players.length;
  const out: number[] = [];
  for (let k = 0; k < n; k++) out.push((start + k) % n);
  return out;
}

export const cardOf = (s: GameState, id: number): Card => s.cards[id];

export function countColor(s: GameState, ids: number[], color: Card['color']): number {
  let n = 0;
  for (const id of ids) if (s.cards[id].color === color) n++;
  return n;
}

/**
 * The working copy an accepted action mutates. Cards are immutable and shared; everything
 * else that an action may touch is copied, which is a few short arrays. Every field of GameState
 * must be copied here (types.ts says what a new field means for stored games).
 */
export function cloneState(s: GameState): GameState {
  const players: Player[] = new Array(s.players.length);
  for (let i = 0; i < s.players.length; i++) {
    const p = s.players[i];
    players[i] = {
      name: p.name,
      identity: p.identity,
      alive: p.alive,
      out: p.out,
      hand: p.hand.slice(),
      intel: p.intel.slice(),
    };
  }
  return {
    version: s.version,
    edition: s.edition,
    options: s.options,
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    cards: s.cards,
    players,
    deck: s.deck.slice(),
    discard: s.discard.slice(),
    removed: s.removed.slice(),
    current: s.current,
    first: s.first,
    round: s.round,
    locked: s.locked,
    failedToSend: s.failedToSend,
    stack: s.stack.map((it) => ({ ...it })),
    resolving: s.resolving,
    transit: s.transit ? { ...s.transit } : null,
    pending: s.pending ? clonePending(s.pending) : null,
    gone: s.gone.slice(),
    result: s.result,
    chars: s.chars && cloneChars(s.chars),
  };
}

/** A window (most decisions) copied field by field, any other decision by a spread. */
function clonePending(p: Pending): Pending {
  if (p.kind !== 'window') return { ...p };
  const w: Pending = { kind: 'window', step: p.step, passed: p.passed, opened: p.opened };
  if (p.deadline !== undefined) w.deadline = p.deadline;
  return w;
}

function cloneChars(c: CharState): CharState {
  return {
    seats: c.seats.map((x) => (x.mark ? { ...x, mark: { ...x.mark } } : { ...x })),
    queue: c.queue.map((t) => ({ ...t })),
    holding: c.holding,
    held: c.held && { ...c.held },
    deaths: c.deaths,
    ...(c.declaring ? { declaring: c.declaring } : {}),
  };
}

/** A copy sharing everything with `s` but the top level (spelled out: spreads are slow here). */
export function shallowCopy(s: GameState): GameState {
  return {
    version: s.version,
    edition: s.edition,
    options: s.options,
    rng: s.rng,
    cards: s.cards,
    players: s.players,
    deck: s.deck,
    discard: s.discard,
    removed: s.removed,
    current: s.current,
    first: s.first,
    round: s.round,
    locked: s.locked,
    failedToSend: s.failedToSend,
    stack: s.stack,
    resolving: s.resolving,
    transit: s.transit,
    pending: s.pending,
    gone: s.gone,
    result: s.result,
    chars: s.chars,
  };
}

/** Where an action's events go: apply's list, or nowhere (the playouts', which nobody reads). */
export type Events = Pick<GameEvent[], 'push'>;

/** Mutable context of one accepted action: its events, and whether a new decision opened. */
export interface Ctx {
  ev: Events;
  newDecision: boolean;
}

/**
 * A stack item's card as the public may name it: a 试探 lies face down, used as itself (only its user
 * and target see it) or as another card (刀锋's 亮剑: only its user), so no public event may carry its
 * id (docs/rules.md §7).
 */
export function publicCardOf(s: GameState, it: StackItem): number | undefined {
  return it.card >= 0 && s.cards[it.card].probe ? undefined : it.card;
}

export function removeFrom(arr: number[], id: number): boolean {
  const i = arr.indexOf(id);
  if (i < 0) return false;
  arr.splice(i, 1);
  return true;
}
