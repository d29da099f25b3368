// What one seat (or the public) may know. Renderers and AI receive only this, never the state.
import { bit, has, inGame } from './state.js';
import type { Card, CardName, CharacterName, GameState, Identity, Outcome, Pending, Step } from './types.js';
import { genderOf, handSeenBy, identityGone, identityTold } from './registry.js';
import { waitingOn } from './legal.js';

export type SeenCard = Card & { id: number };

export interface SeatView {
  seat: number;
  name: string;
  alive: boolean;
  out: boolean;
  handCount: number;
  intel: SeenCard[];
  /** Known when it is yours, the player is gone, the game is over, or a skill showed it to you. */
  identity?: Identity;
  locked: boolean;
  /** The character: face up, yours, or the player is gone; absent without characters. */
  character?: CharacterName;
  /** Whether the character is face up (present when the game has characters). */
  faceUp?: boolean;
  /** Its gender when face up (a face-down character has none). */
  gender?: '男' | '女' | '男女';
}

export interface StackView {
  user: number;
  /** A card's function, or a skill's name. */
  as: CardName | string;
  /** A skill on the stack (not a card: no `card`). */
  skill?: string;
  /** 狙击: the intel it names. */
  cards?: SeenCard[];
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
  /** 胜利情报数 when it is 4 (调整胜利条件, docs/rules.md §9b); absent: 3. */
  victoryIntel?: 4;
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
  /** While choosing characters: the two offered to you. */
  offers?: CharacterName[];
  pending: null | {
    kind: string;
    step?: Step;
    seat?: number;
    waitingOn: number[];
    /** The version this decision opened at (buttons made before it are stale). */
    opened: number;
    deadline?: number;
    /** A skill's decision: which skill and stage (to its owner only; the public sees only the seat). */
    skill?: string;
    stage?: string;
    /** Cards the decision is about that the decider alone may see (后着: the other's hand). */
    cards?: SeenCard[];
  };
  result: Outcome | null;
}

const seen = (s: GameState, id: number): SeenCard => ({ id, ...s.cards[id] });

/** Intel a stack item names is shown while it is in front of someone (a skill may have moved it). */
const inFront = (s: GameState, id: number): boolean => s.players.some((q) => q.intel.includes(id));

function seats(mask: number, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (has(mask, i)) out.push(i);
  return out;
}

/** Whose intel a card is, as a view shows it; -1 when it is in front of nobody (or no card is named). */
export function intelOwnerIn(v: GameView, card: number | undefined): number {
  return v.players.findIndex((p) => p.intel.some((c) => c.id === card));
}

/**
 * In a game with characters, whether `viewer` (-1 nobody) sees `seat`'s identity card (not its own):
 * a player out of the game shows it unless it was taken away (临危受命), a shown card shows it (翻开你的身份牌),
 * and a skill may have told it (合谋).
 */
export function identityOpen(s: GameState, viewer: number, seat: number): boolean {
  if (!inGame(s.players[seat]) && !identityGone(s, seat)) return true;
  return s.chars!.seats[seat].shown || (viewer >= 0 && identityTold(s, viewer, seat));
}

/** The hand a decision lets its decider look at (后着), as the decider sees it. */
function handCards(s: GameState, p: Extract<Pending, { kind: 'decide' }>): SeenCard[] | undefined {
  const from = handSeenBy(s, p);
  return from === undefined ? undefined : s.players[from].hand.map((id) => seen(s, id));
}

export function view(s: GameState, seat: number | null): GameView {
  const n = s.players.length;
  const me = seat === null ? -1 : seat;
  const over = s.result !== null;
  const t = s.transit;
  const p = s.pending;
  const c = s.chars;
  return {
    version: s.version,
    edition: s.edition,
    you: seat,
    identity: seat === null || p?.kind === 'chooseCharacter' ? undefined : s.players[seat].identity,
    hand: seat === null ? undefined : s.players[seat].hand.map((id) => seen(s, id)),
    players: s.players.map((q, i) => ({
      seat: i,
      name: q.name,
      alive: q.alive,
      out: q.out,
      handCount: q.hand.length,
      intel: q.intel.map((id) => seen(s, id)),
      identity:
        i === me || over || (c ? identityOpen(s, me, i) : !inGame(q)) ? q.identity : undefined,
      locked: has(s.locked, i),
      // While characters are being chosen, nobody sees another's choice (face-up ones appear together).
      ...(c && {
        faceUp: p?.kind === 'chooseCharacter' && i !== me ? false : c.seats[i].faceUp,
        character:
          c.seats[i].name !== null && ((c.seats[i].faceUp && p?.kind !== 'chooseCharacter') || i === me || over || !inGame(q))
            ? c.seats[i].name!
            : undefined,
        gender: genderOf(s, i),
      }),
    })),
    offers: c && me >= 0 && p?.kind === 'chooseCharacter' ? c.seats[me].offers.slice() : undefined,
    current: s.current,
    round: s.round,
    roundLimit: s.options.roundLimit,
    ...(s.options.victoryIntel === 4 ? { victoryIntel: 4 as const } : {}),
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
      if (it.card < 0)
        return {
          user: it.user,
          as: it.as,
          skill: it.skill,
          target: it.target,
          intel: it.intel === undefined || !inFront(s, it.intel) ? undefined : seen(s, it.intel),
          cards: it.cards?.filter((id) => inFront(s, id)).map((id) => seen(s, id)),
          of: it.of,
        };
      const card = s.cards[it.card];
      // A 试探 is face down on the stack: its user sees it, and its target when it is used as 试探; used
      // as another card (刀锋's 亮剑: as 锁定) it stays face down to all but its user, as its play event.
      const open = !card.probe || me === it.user || (it.as === '试探' && me === it.target);
      return {
        user: it.user,
        as: it.as,
        target: it.target,
        card: open ? seen(s, it.card) : undefined,
        intel: it.intel === undefined || !inFront(s, it.intel) ? undefined : seen(s, it.intel),
        of: it.of,
      };
    }),
    pending: p && {
      kind: p.kind,
      step: p.kind === 'window' ? p.step : undefined,
      seat: p.kind === 'window' || p.kind === 'chooseCharacter' ? undefined : p.seat,
      waitingOn: waitingOn(s),
      opened: p.opened,
      deadline: p.deadline,
      ...(p.kind === 'decide' && p.seat === me && {
        skill: p.skill,
        stage: p.stage,
        cards: handCards(s, p),
      }),
    },
    result: s.result,
  };
}
