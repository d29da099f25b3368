// The expert's look-ahead in one sampled world (expert.ts): a candidate action, then the strong
// policy at every seat until the turn passes to the next player (or the game ends), then the
// position as it stands valued in the strong policy's own currency (strong-table.ts seatValue),
// with the identities this world dealt; for the expert's learned judge (its default), that value
// turned into the chance of a win (learned.ts: the currency is one of its features). The world is a
// guess, never the real game, so its players may be read: each seat plays on a memory of what the
// world shows it.
import { apply, legalActions, view, waitingOn, type Action } from '../engine/index.js';
import type { GameEvent, GameState } from '../engine/types.js';
import { idIndex, SOY } from './cards.js';
import { observe, visibleTo, type SeatMemory } from './memory.js';
import type { StrongPolicy } from './strong.js';
import { Table } from './strong-table.js';
import { learnedValue } from './learned.js';
import { beliefsFrom } from './beliefs.js';

/** Actions a look-ahead plays at most after its candidate. */
export const LOOK_DEPTH = 200;
/** A game the look-ahead sees won (or lost): this many points (a faction member's three of its colour is DEFAULT_PARAMS.win, 100). */
export const LOOK_WIN = 100;

const bit = (s: number) => 1 << s;

/**
 * The memory another seat plays on inside a world: the public part of ours (the flight, the stack,
 * the intel, what each sender sent), the face of the intel in flight where the world says that seat
 * saw it, and the beliefs that seat, of the identity the world dealt it, reads from what every
 * player saw (beliefsFrom: our own doings too; not its secrets, a 试探 it used).
 */
export function memoryIn(world: GameState, seat: number, mine: SeatMemory): SeatMemory {
  const id = world.players[seat].identity;
  const n = mine.n;
  const t = mine.transit;
  const card = t && world.transit && t.knownTo & bit(seat) ? world.transit.card : undefined;
  return {
    seat,
    n,
    identity: id,
    cards: mine.cards,
    beliefs: beliefsFrom(mine.beliefs.seen, n, seat, id, mine.beliefOptions),
    first: mine.first,
    turn: mine.turn,
    locked: mine.locked,
    sent: mine.sent,
    transit: t && { ...t, card },
    stack: mine.stack,
    intel: mine.intel,
    probe: mine.probe && { ...mine.probe, card: undefined },
    discardKnown: mine.discardKnown,
    sentSeen: mine.sentSeen,
    resolved: mine.resolved,
    over: false,
    beliefOptions: mine.beliefOptions,
  };
}

/** Every seat's memory in a world: ours, and memoryIn's for the others. Made once a world, for all its candidates. */
export function worldMemories(world: GameState, me: number, mine: SeatMemory): SeatMemory[] {
  return world.players.map((_, s) => (s === me ? mine : memoryIn(world, s, mine)));
}

/**
 * What `first` played in `world` is worth to `me` after the rest of the turn: the value of the
 * position reached (`learned`: learnedValue's chance of a win as 200 × P − 100; else in the
 * currency; ±LOOK_WIN for a game over), and the actions played. Throws where the world cannot be
 * played on (the caller drops it).
 */
export function lookahead(
  world: GameState,
  first: Action,
  me: number,
  start: readonly SeatMemory[],
  strong: StrongPolicy,
  learned = false,
): [number, number] {
  const mems = start.slice();
  // The events so far; a seat's memory folds them only when it is asked (seen[seat]: how many it has folded).
  const log: GameEvent[] = [];
  const seen = mems.map(() => 0);
  const memoryOf = (seat: number): SeatMemory => {
    let m = mems[seat];
    for (let i = seen[seat]; i < log.length; i++) if (visibleTo(log[i], seat)) m = observe(m, log[i]);
    seen[seat] = log.length;
    return (mems[seat] = m);
  };
  const turn = world.current;
  let s = world;
  let a = first;
  let n = 0;
  for (;;) {
    const r = apply(s, a);
    if (!r.ok) throw new Error(`look-ahead: ${r.reason}`);
    for (const e of r.events) log.push(e);
    s = r.state;
    n++;
    if (s.result || s.current !== turn || n > LOOK_DEPTH) break;
    const seats = waitingOn(s);
    const seat = seats[0];
    const legal = legalActions(s, seat);
    if (legal.length === 0) throw new Error(`look-ahead: seat ${seat} has nothing to do (${s.pending?.kind})`);
    a = legal.length === 1 ? legal[0] : strong.decide(view(s, seat), legal, memoryOf(seat));
  }
  const value = positionValue(s, me, memoryOf(me), strong);
  return [learned && !s.result ? learnedValue(s, me, value) : value, n];
}

/** The position's value for `me`, the identities as the world dealt them (strong-table.ts's currency). */
export function positionValue(s: GameState, me: number, mine: SeatMemory, strong: StrongPolicy): number {
  if (s.result) return s.result.draw ? 0 : s.result.winners.includes(me) ? LOOK_WIN : -LOOK_WIN;
  const tb = new Table(view(s, me), mine, strong.p);
  let value = 0;
  for (let seat = 0; seat < tb.n; seat++) {
    const k = idIndex(s.players[seat].identity);
    const p = s.players[seat];
    value += tb.seatValue(seat, k, tb.counts[seat], p.alive);
    // Cards in hand: ours as the strong policy values keeping them, our side's (+) and the enemy's (−) by name.
    const side = seat === me ? 1 : tb.my === SOY || k === SOY ? 0 : k === tb.my ? 1 : -1;
    if (side === 0 || !p.alive) continue;
    if (seat === me) for (const c of tb.v.hand ?? []) value += tb.keep(c);
    else for (const id of p.hand) value += side * (strong.p.keep[s.cards[id].name] ?? 1);
  }
  return value;
}
