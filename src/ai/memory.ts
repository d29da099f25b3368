// A seat's memory: a pure fold over the events that seat may see.
//   memory = events.filter(visibleTo(seat)).reduce(observe, newMemory(view))
// so after a restart it is rebuilt from the game log, never kept only in memory. newMemory
// reads only what never changes in a game (seat, identity, table size, edition), so the view
// given to it may be from any moment of the game.
import { deckOf, type GameView } from '../engine/index.js';
import type { Card, GameEvent, Identity } from '../engine/types.js';
import { hardFact, initialBeliefs, pairEvidence, shownToAll, type BeliefOptions, type Beliefs } from './beliefs.js';
import { BLACK, colorIndex, faceIndex, idIndex } from './cards.js';
import { settleTransit } from './memory-evidence.js';
import { choiceRatio, goodness } from './model.js';

export interface TransitMemo {
  sender: number;
  mode: Card['mode'];
  target?: number;
  /** The card id, when this seat knows its face. */
  card?: number;
  faceUp: boolean;
  /** Seats that know its face (bitmask). */
  knownTo: number;
  /** Seats that refused it so far, and whether they knew its face. */
  refusals: { seat: number; knew: boolean }[];
}

export interface StackMemo {
  user: number;
  as: string;
  target?: number;
  card?: number;
  intel?: number;
  /** Card id of the item a 识破 names. */
  of?: number;
  /** 截获: whether the user knew the intel's face when using it. */
  knew?: boolean;
}

export interface SeatMemory {
  readonly seat: number;
  readonly n: number;
  /** Null until identities are dealt (with characters, after everyone has chosen one). */
  readonly identity: Identity | null;
  readonly cards: readonly Card[];
  readonly beliefs: Beliefs;
  /** The first player (a round starts when the turn comes back to it). */
  readonly first: number;
  /** Whose turn it is (from turnStart). */
  readonly turn: number;
  /** Seats locked this turn (bitmask). */
  readonly locked: number;
  /** Intel has been sent this turn (so a 试探 resolving now was used in 出牌阶段(2)). */
  readonly sent: boolean;
  readonly transit: TransitMemo | null;
  readonly stack: readonly StackMemo[];
  /** Intel in front of each seat, as card ids (to tell whose intel a 烧毁 names). */
  readonly intel: readonly (readonly number[])[];
  /** The 试探 being resolved: its user and target, its card when this seat saw it, and whether the target may lie (城府). */
  readonly probe: { user: number; target: number; card?: number; lied?: boolean } | null;
  /** Colour counts [red, blue, black] of cards known to be in the discard pile. */
  readonly discardKnown: readonly [number, number, number];
  /** Per sender, the intel it sent whose face was then seen (taken or intercepted), by way of sending and colour (faceIndex). */
  readonly sentSeen: readonly (readonly number[])[];
  /** The stack item resolved last (its effect's events follow its resolve event). */
  readonly resolved: StackMemo | null;
  readonly over: boolean;
  /** The options the beliefs were made with (the identity event starts them afresh with these). */
  readonly beliefOptions: BeliefOptions;
}

export interface MemoryOptions extends BeliefOptions {
  /** The game's card list when it is not the edition's standard deck (scenarios, tests). */
  cards?: readonly Card[];
}

/**
 * A seat's memory before any event. It reads only what never changes in a game (seat, table
 * size, edition, and the identity once dealt), so the view may be from any moment.
 */
export function newMemory(v: GameView, o: MemoryOptions = {}): SeatMemory {
  if (v.you === null) throw new Error('newMemory needs a seat view');
  const n = v.players.length;
  return {
    seat: v.you,
    n,
    identity: v.identity ?? null,
    cards: o.cards ?? deckOf(v.edition),
    // Until the identity is dealt, a stand-in; the identity event starts the beliefs afresh.
    beliefs: initialBeliefs(n, v.you, v.identity ?? '潜伏战线', o),
    first: 0,
    turn: -1,
    locked: 0,
    sent: false,
    transit: null,
    stack: [],
    intel: Array.from({ length: n }, () => []),
    probe: null,
    discardKnown: [0, 0, 0],
    sentSeen: Array.from({ length: n }, () => NO_SENDS),
    resolved: null,
    over: false,
    beliefOptions: { altSplit: o.altSplit, strategicPrior: o.strategicPrior, weights: o.weights },
  };
}

/** Whether `seat` may see the event. */
export const visibleTo = (e: GameEvent, seat: number): boolean => e.to === 'all' || e.to.includes(seat);

const bit = (s: number) => 1 << s;
const num = (x: unknown): number => x as number;

/** A card id this memory can name (skills use -1 for "no card"). */
const isCard = (m: SeatMemory, card: unknown): card is number =>
  typeof card === 'number' && Number.isInteger(card) && card >= 0 && card < m.cards.length;

function colorOf(m: SeatMemory, card: number): number {
  return colorIndex(m.cards[card].color);
}

const NO_SENDS: readonly number[] = Object.freeze([0, 0, 0, 0, 0, 0, 0, 0, 0]);

function addDiscard(m: SeatMemory, cards: readonly unknown[]): SeatMemory['discardKnown'] {
  const d: [number, number, number] = [m.discardKnown[0], m.discardKnown[1], m.discardKnown[2]];
  for (const c of cards) if (isCard(m, c)) d[colorOf(m, c)]++;
  return d;
}

function addSent(m: SeatMemory, sender: number, card: number): SeatMemory['sentSeen'] {
  if (!m.sentSeen[sender]) return m.sentSeen;
  const out = m.sentSeen.slice();
  const row = out[sender].slice();
  row[faceIndex(m.cards[card])]++;
  out[sender] = row;
  return out;
}

function setIntel(m: SeatMemory, seat: number, list: readonly number[]): SeatMemory['intel'] {
  const out = m.intel.slice();
  out[seat] = list;
  return out;
}

function ownerOf(m: SeatMemory, card: number): number {
  for (let s = 0; s < m.n; s++) if (m.intel[s].includes(card)) return s;
  return -1;
}

type Of<K extends GameEvent['type']> = Extract<GameEvent, { type: K }>;

/** Folds one event (already known to be visible to this seat) into the memory. */
export function observe(m: SeatMemory, e: GameEvent): SeatMemory {
  if (m.over) return m;
  switch (e.type) {
    case 'identity':
    case 'identitySeen':
    case 'identityShown':
    case 'reveal':
      return observeIdentity(m, e);
    case 'turnStart':
      return { ...m, turn: num(e.seat), locked: 0, sent: false };
    case 'locked':
      return { ...m, locked: m.locked | bit(num(e.seat)) };
    case 'send':
    case 'sendCard':
    case 'peek':
    case 'decoded':
    case 'refuse':
    case 'intelReplaced':
      return observeTransit(m, e);
    case 'take':
    case 'intercept':
    case 'intelDiscarded':
      return observeTransitEnd(m, e);
    case 'intel':
    case 'intelMoved':
    case 'intelToDeck':
    case 'burned':
    case 'death':
    case 'lose':
      return observeIntel(m, e);
    case 'play':
      return observePlay(m, e);
    case 'skill':
      return observeSkill(m, e);
    case 'skillUsed':
      // 城府: the target of the 试探 may answer either way, so its answer proves nothing.
      if (e.skill === '城府' && m.probe) return { ...m, probe: { ...m.probe, lied: true } };
      return m;
    case 'probeCard':
    case 'probeResult':
    case 'resolve':
    case 'negated':
      return observeStack(m, e);
    case 'discard':
      // Shown discards (千智风声's 明弃, 揭露): those cards are out of the unseen pool.
      return e.cards ? { ...m, discardKnown: addDiscard(m, e.cards) } : m;
    case 'reshuffle':
      return { ...m, discardKnown: [0, 0, 0] };
    case 'gameOver':
      return { ...m, over: true };
    case 'gameStart':
      return { ...m, first: e.first };
    // Nothing this memory keeps.
    case 'characterOffer':
    case 'drawCards':
    case 'draw':
    case 'turnEnd':
    case 'cannotSend':
    case 'transmit':
    case 'backToSender':
    case 'arrive':
    case 'declare':
    case 'overturn':
    case 'joins':
    case 'pass':
    case 'away':
    case 'returned':
    case 'negate':
    case 'discardCards':
    case 'timeout':
    case 'characterPicked':
    case 'character':
    case 'characterUp':
    case 'characterDown':
    case 'shown':
    case 'handTaken':
    case 'handTakenCards':
    case 'saved':
    case 'cardGiven':
    case 'cardGivenCards':
    case 'handGiven':
    case 'handGivenCards':
    case 'handSeen':
    case 'toDeckTop':
    case 'intelSwapped':
    case 'intelRevealed':
    case 'probeSeen':
    case 'intelToHand':
    case 'intelTransferred': // 转移: an intel event follows
      return m;
    default: {
      // Every kind is named above: a new one does not compile until it is.
      const unknown: never = e;
      return unknown;
    }
  }
}

/** Identity cards dealt, seen (合谋) or shown (黄雀在后, a death's reveal): what the beliefs start from or know for sure. */
function observeIdentity(m: SeatMemory, e: Of<'identity' | 'identitySeen' | 'identityShown' | 'reveal'>): SeatMemory {
  switch (e.type) {
    case 'identity': {
      // Dealt (with characters: once everyone has chosen): the beliefs start from here.
      if (num(e.seat) !== m.seat || typeof e.identity !== 'string') return m;
      const identity = e.identity as Identity;
      return { ...m, identity, beliefs: initialBeliefs(m.n, m.seat, identity, m.beliefOptions) };
    }
    case 'identitySeen': // 合谋: shown to this seat
    case 'identityShown': {
      // 黄雀在后: shown to everyone
      const seat = num(e.seat);
      if (!m.intel[seat] || typeof e.identity !== 'string') return m;
      const k = idIndex(e.identity as Identity);
      const what = `identity shown: ${e.identity}`;
      const shown = e.type === 'identityShown' ? shownToAll(m.beliefs, seat, k, what) : hardFact(m.beliefs, seat, (id) => id === k, what);
      return { ...m, beliefs: shown };
    }
    case 'reveal': {
      const seat = num(e.seat);
      if (!m.intel[seat] || typeof e.identity !== 'string') return m;
      const k = idIndex(e.identity as Identity);
      return { ...m, beliefs: shownToAll(m.beliefs, seat, k, `revealed as ${e.identity}`) };
    }
  }
}

/** The intel on its way: who sent it how, who knows its face, who refused it. */
function observeTransit(m: SeatMemory, e: Of<'send' | 'sendCard' | 'peek' | 'decoded' | 'refuse' | 'intelReplaced'>): SeatMemory {
  switch (e.type) {
    case 'send': {
      const mode = e.mode as Card['mode'];
      const faceUp = mode === '文本';
      const transit: TransitMemo = {
        sender: num(e.seat),
        mode,
        target: e.target as number | undefined,
        card: faceUp ? num(e.card) : undefined,
        faceUp,
        knownTo: bit(num(e.seat)),
        refusals: [],
      };
      return { ...m, transit, sent: true };
    }
    case 'sendCard':
    case 'peek':
      if (!m.transit || !isCard(m, e.card)) return m;
      return { ...m, transit: { ...m.transit, card: num(e.card) } };
    case 'decoded':
      if (!m.transit) return m;
      return { ...m, transit: { ...m.transit, knownTo: m.transit.knownTo | bit(num(e.seat)) } };
    case 'refuse': {
      const t = m.transit;
      if (!t) return m;
      const seat = num(e.seat);
      const knew = t.faceUp || (t.knownTo & bit(seat)) !== 0;
      return { ...m, transit: { ...t, refusals: [...t.refusals, { seat, knew }] } };
    }
    case 'intelReplaced': {
      // 调包: the new intel travels face up; the old one goes to the discard pile face up.
      const discardKnown = isCard(m, e.old) ? addDiscard(m, [e.old]) : m.discardKnown;
      const transit = m.transit && isCard(m, e.card) ? { ...m.transit, card: num(e.card), faceUp: true } : m.transit;
      return { ...m, transit, discardKnown };
    }
  }
}

/** The intel's journey ends: taken, intercepted or discarded, and what that says of those it passed. */
function observeTransitEnd(m: SeatMemory, e: Of<'take' | 'intercept' | 'intelDiscarded'>): SeatMemory {
  switch (e.type) {
    case 'take': {
      const t = m.transit;
      const card = num(e.card);
      const seat = num(e.seat);
      let beliefs = m.beliefs;
      if (!t || !isCard(m, card)) return { ...m, transit: null };
      beliefs = settleTransit(m, beliefs, t, card, seat, e.forced ? 'forced' : 'take');
      return { ...m, beliefs, transit: null, sentSeen: addSent(m, t.sender, card) };
    }
    case 'intercept': {
      const t = m.transit;
      const card = num(e.card);
      const seat = num(e.seat);
      let beliefs = m.beliefs;
      const item = m.resolved;
      const knew = item && item.as === '截获' && item.user === seat ? item.knew : false;
      if (!t || !isCard(m, card)) return { ...m, transit: null };
      beliefs = settleTransit(m, beliefs, t, card, seat, 'intercept', knew);
      return { ...m, beliefs, transit: null, sentSeen: addSent(m, t.sender, card) };
    }
    case 'intelDiscarded':
      // Face-down intel is discarded unseen: only a card that travelled face up is known to be there.
      return { ...m, transit: null, discardKnown: isCard(m, e.card) ? addDiscard(m, [e.card]) : m.discardKnown };
  }
}

/** Intel in front of each seat: gained, moved, put back, burned, or gone with its player. */
function observeIntel(m: SeatMemory, e: Of<'intel' | 'intelMoved' | 'intelToDeck' | 'burned' | 'death' | 'lose'>): SeatMemory {
  switch (e.type) {
    case 'intel': {
      const seat = num(e.seat);
      if (!isCard(m, e.card) || !m.intel[seat]) return m;
      return { ...m, intel: setIntel(m, seat, [...m.intel[seat], num(e.card)]) };
    }
    case 'burned': {
      const seat = num(e.seat);
      const card = num(e.card);
      if (!m.intel[seat]) return m;
      return {
        ...m,
        intel: setIntel(m, seat, m.intel[seat].filter((c) => c !== card)),
        discardKnown: addDiscard(m, [card]),
      };
    }
    case 'death':
    case 'lose': {
      // The gone player's hand and intel go to the discard pile.
      const seat = num(e.seat);
      if (!m.intel[seat]) return m;
      return { ...m, discardKnown: addDiscard(m, m.intel[seat]), intel: setIntel(m, seat, []) };
    }
    case 'intelMoved': {
      // 掩护: a black intel moves from one player to another (who gains it: an intel event follows)
      const from = num(e.from);
      const card = num(e.card);
      if (!m.intel[from] || !isCard(m, card)) return m;
      const seat = num(e.seat);
      const beliefs =
        seat !== from
          ? pairEvidence(m.beliefs, seat, from, (iu, io) => choiceRatio(-goodness(colorOf(m, card), iu, io, false), 2), 'tookOver', 'took an intel over')
          : m.beliefs;
      return { ...m, beliefs, intel: setIntel(m, from, m.intel[from].filter((c) => c !== card)) };
    }
    case 'intelToDeck': {
      // 潜藏伏击: an intel goes back on top of the deck
      const seat = num(e.seat);
      const card = num(e.card);
      if (!m.intel[seat]) return m;
      return { ...m, intel: setIntel(m, seat, m.intel[seat].filter((c) => c !== card)) };
    }
  }
}

/** A card used: mirrored on the stack, and what using it says of its user's side. */
function observePlay(m: SeatMemory, e: Of<'play'>): SeatMemory {
  const user = num(e.seat);
  const as = e.as as string;
  const card = isCard(m, e.card) ? e.card : undefined;
  const t = m.transit;
  const item: StackMemo = {
    user,
    as,
    target: e.target as number | undefined,
    card,
    intel: e.intel as number | undefined,
    of: e.of as number | undefined,
  };
  let beliefs = m.beliefs;
  let probe = m.probe;
  if (as === '截获') item.knew = !!t && (t.faceUp || (t.knownTo & bit(user)) !== 0);
  if (as === '烧毁' && item.intel !== undefined) {
    const owner = ownerOf(m, item.intel);
    if (owner >= 0)
      beliefs = pairEvidence(beliefs, user, owner, (iu, io) => choiceRatio(-goodness(BLACK, iu, io, iu === io && user === owner), 3), 'burned', 'burned a black intel');
  }
  if (as === '识破' && item.of !== undefined) {
    const target = [...m.stack].reverse().find((s) => s.card === item.of);
    if (target && target.as === '烧毁' && target.intel !== undefined) {
      const owner = ownerOf(m, target.intel);
      if (owner >= 0 && owner !== user)
        beliefs = pairEvidence(beliefs, user, owner, (iu, io) => choiceRatio(goodness(BLACK, iu, io, false), 3), 'negatedBurn', 'negated a 烧毁');
    }
  }
  if (as === '试探' && item.target !== undefined) probe = { user, target: item.target };
  const discardKnown = card !== undefined && as !== '试探' ? addDiscard(m, [card]) : m.discardKnown;
  return { ...m, beliefs, probe, stack: [...m.stack, item], discardKnown };
}

/** A skill on the stack: mirrored like a card (its resolve or negated event pops it). */
function observeSkill(m: SeatMemory, e: Of<'skill'>): SeatMemory {
  const user = num(e.seat);
  const skill = String(e.skill);
  const target = e.target as number | undefined;
  const item: StackMemo = { user, as: skill, target, intel: e.intel as number | undefined };
  if (skill === '警觉' && typeof e.of === 'number') item.of = m.stack[e.of]?.card;
  let beliefs = m.beliefs;
  // Skills that take intel away from a player or put black in front of one show a side.
  const cards = Array.isArray(e.cards) ? (e.cards as unknown[]).filter((c) => isCard(m, c)) : [];
  if ((skill === '狙击' || skill === '潜藏伏击') && (target !== undefined || item.intel !== undefined)) {
    const owner = target ?? (item.intel !== undefined ? ownerOf(m, item.intel) : -1);
    const removed = skill === '狙击' ? cards : item.intel !== undefined && isCard(m, item.intel) ? [item.intel] : [];
    if (owner >= 0 && owner !== user && removed.length)
      beliefs = pairEvidence(
        beliefs,
        user,
        owner,
        (iu, io) => choiceRatio(-removed.reduce((g, c) => g + goodness(colorOf(m, c), iu, io, false), 0), 2),
        'skillOnIntel',
        `${skill} on intel`,
      );
  }
  if (skill === '血染玫瑰' && target !== undefined && target !== user)
    beliefs = pairEvidence(beliefs, user, target, (iu, io) => choiceRatio(goodness(BLACK, iu, io, false), 2), 'bloodRose', '血染玫瑰');
  return { ...m, beliefs, stack: [...m.stack, item] };
}

/** The stack resolving: a 试探's card and answer, and the top item leaving it. */
function observeStack(m: SeatMemory, e: Of<'probeCard' | 'probeResult' | 'resolve' | 'negated'>): SeatMemory {
  switch (e.type) {
    case 'probeCard':
      if (!m.probe || !isCard(m, e.card)) return m;
      return { ...m, probe: { ...m.probe, card: num(e.card) } };
    case 'probeResult': {
      const p = m.probe;
      const target = num(e.seat);
      let beliefs = m.beliefs;
      if (p && p.card !== undefined && !p.lied && p.user === m.seat && target !== m.seat && p.target === target) {
        const bet = m.cards[p.card].probe;
        if (bet) {
          const k = idIndex(bet.identity);
          const yes = e.result !== 'deny';
          beliefs = hardFact(beliefs, target, (id) => (id === k) === yes, `试探 (${bet.identity}): ${yes ? 'yes' : 'no'}`);
        }
      }
      return { ...m, beliefs, probe: null };
    }
    case 'resolve':
    case 'negated':
      return {
        ...m,
        stack: m.stack.slice(0, -1),
        resolved: m.stack[m.stack.length - 1] ?? null,
        probe: e.as === '试探' && e.type === 'negated' ? null : m.probe,
      };
  }
}

/** Folds the events this seat may see; events for other seats are skipped. */
export function observeAll(m: SeatMemory, events: readonly GameEvent[]): SeatMemory {
  let out = m;
  for (const e of events) if (visibleTo(e, m.seat)) out = observe(out, e);
  return out;
}

/** The memory rebuilt from a game's log (all its events, in order, from gameStart). */
export function rebuildMemory(v: GameView, log: readonly GameEvent[], o: MemoryOptions = {}): SeatMemory {
  return observeAll(newMemory(v, o), log);
}
