// What one seat (or the public) may know. Renderers and AI receive only this, never the state.
import { bit, has, inGame } from './state.js';
import type { Card, CardName, GameState, Identity, Outcome, Step } from './types.js';
import { waitingOn } from './legal.js';

export type SeenCard = Card & { id: number };

export interface SeatView {
  seat: number;
  name: string;
  alive: boolean;
  out: boolean;
  handCount: number;
  intel: SeenCard[];
  /** Known when it is yours, the player is gone, or the game is over. */
  identity?: Identity;
  locked: boolean;
}

export interface StackView {
  user: number;
  as: CardName;
  target?: number;
  /** The card's face; a 试探's only for its user and target. */
  card?: SeenCard;
  intel?: SeenCard;
  of?: number;
}

export interface GameView {
  version: number;
  edition: GameState['edition'];
  /** The seat this view is for; null for the public table. */
  you: number | null;
  identity?: Identity;
  hand?: SeenCard[];
  players: SeatView[];
  current: number;
  round: number;
  roundLimit: number;
  deck: number;
  discard: number;
  removed: number;
  transit: null | {
    sender: number;
    mode: Card['mode'];
    at: number;
    dir: 1 | -1;
    target?: number;
    away: number[];
    /** Its face: for 文本, for its sender and for whoever decoded it. */
    card?: SeenCard;
  };
  stack: StackView[];
  pending: null | {
    kind: string;
    step?: Step;
    seat?: number;
    waitingOn: number[];
    /** The version this decision opened at (buttons made before it are stale). */
    opened: number;
    deadline?: number;
  };
  result: Outcome | null;
}

const seen = (s: GameState, id: number): SeenCard => ({ id, ...s.cards[id] });

function seats(mask: number, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (has(mask, i)) out.push(i);
  return out;
}

export function view(s: GameState, seat: number | null): GameView {
  const n = s.players.length;
  const me = seat === null ? -1 : seat;
  const over = s.result !== null;
  const t = s.transit;
  const p = s.pending;
  return {
    version: s.version,
    edition: s.edition,
    you: seat,
    identity: seat === null ? undefined : s.players[seat].identity,
    hand: seat === null ? undefined : s.players[seat].hand.map((id) => seen(s, id)),
    players: s.players.map((q, i) => ({
      seat: i,
      name: q.name,
      alive: q.alive,
      out: q.out,
      handCount: q.hand.length,
      intel: q.intel.map((id) => seen(s, id)),
      identity: i === me || over || !inGame(q) ? q.identity : undefined,
      locked: has(s.locked, i),
    })),
    current: s.current,
    round: s.round,
    roundLimit: s.options.roundLimit,
    deck: s.deck.length,
    discard: s.discard.length,
    removed: s.removed.length,
    transit: t && {
      sender: t.sender,
      mode: t.mode,
      at: t.at,
      dir: t.dir,
      target: t.target,
      away: seats(t.away, n),
      card: t.faceUp || (me >= 0 && (t.known & bit(me)) !== 0) ? seen(s, t.card) : undefined,
    },
    stack: s.stack.map((it) => {
      const c = s.cards[it.card];
      const open = !c.probe || it.as !== '试探' || me === it.user || me === it.target;
      return {
        user: it.user,
        as: it.as,
        target: it.target,
        card: open ? seen(s, it.card) : undefined,
        intel: it.intel === undefined ? undefined : seen(s, it.intel),
        of: it.of,
      };
    }),
    pending: p && {
      kind: p.kind,
      step: p.kind === 'window' ? p.step : undefined,
      seat: p.kind === 'window' ? undefined : p.seat,
      waitingOn: waitingOn(s),
      opened: p.opened,
      deadline: p.deadline,
    },
    result: s.result,
  };
}
