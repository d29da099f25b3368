// The engine's invariants, checked after every action by `npm run sim` and the tests.
import { CLEANUP, view, type GameView } from '../engine/index.js';
import { handSeenBy, identityTold } from '../engine/registry.js';
import { countColor, inGame } from '../engine/state.js';
import type { GameEvent, GameState } from '../engine/types.js';

/** Every card id appearing as a `SeenCard` anywhere in a view. */
function seenIds(v: unknown, out: Set<number>): void {
  if (Array.isArray(v)) {
    for (const x of v) seenIds(x, out);
  } else if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.id === 'number' && typeof o.name === 'string') out.add(o.id);
    for (const k in o) seenIds(o[k], out);
  }
}

/** Returns the broken invariants (empty when all hold). `prev` is the state before the action. */
export function checkInvariants(s: GameState, prev?: GameState): string[] {
  const bad: string[] = [];
  if (prev && s.version !== prev.version + 1) bad.push(`version went from ${prev.version} to ${s.version}`);

  // Every card in exactly one place.
  const where = new Array<number>(s.cards.length).fill(0);
  const put = (ids: number[]) => ids.forEach((id) => (where[id] = (where[id] ?? 0) + 1));
  put(s.deck);
  put(s.discard);
  put(s.removed);
  for (const p of s.players) {
    put(p.hand);
    put(p.intel);
  }
  if (s.transit) put([s.transit.card]);
  put(s.stack.map((it) => it.card));
  where.forEach((n, id) => {
    if (n !== 1) bad.push(`card ${id} is in ${n} places`);
  });

  const c = s.chars;
  // A dead player whose own death-triggered skill is still to be decided keeps their cards until then.
  const awaitingCleanup = (i: number) => !!c && c.queue.some((t) => t.seat === i && t.skill === CLEANUP);
  s.players.forEach((p, i) => {
    if (p.alive && countColor(s, p.intel, '黑') >= 3) bad.push(`seat ${i} is alive with three black intel`);
    if (!inGame(p) && (p.hand.length || p.intel.length) && !awaitingCleanup(i)) bad.push(`seat ${i} is gone but holds cards`);
  });
  if (c) {
    if (c.seats.length !== s.players.length) bad.push('character seats do not match the players');
    if (s.pending && s.pending.kind !== 'chooseCharacter' && c.seats.some((x) => x.name === null)) bad.push('play began with a character unchosen');
    if (!c.holding && c.queue.length > 0 && !c.queue.every((t) => t.skill === CLEANUP) && s.pending?.kind !== 'decide' && !s.result)
      bad.push('triggered skills queued but nobody asked');
  }
  if (s.result) {
    if (!s.result.draw && s.result.winners.length === 0) bad.push('finished with no winner and no draw');
    if (s.pending) bad.push('finished but still waiting on a decision');
  } else if (!s.pending) bad.push('not finished and waiting on nothing');

  // Secrets: what each seat (and the public) may see.
  const viewers: (number | null)[] = [null, ...s.players.map((_, i) => i)];
  for (const seat of viewers) {
    const v: GameView = view(s, seat);
    const ids = new Set<number>();
    seenIds(v, ids);
    s.players.forEach((p, i) => {
      if (i === seat) return;
      const pd = s.pending;
      const peeking = pd?.kind === 'decide' && pd.seat === seat && handSeenBy(s, pd) === i;
      if (!peeking) for (const id of p.hand) if (ids.has(id)) bad.push(`view of ${seat} shows a card of seat ${i}'s hand`);
      const told = !!c && (c.seats[i].shown || (seat !== null && identityTold(s, seat, i)));
      if (inGame(p) && !s.result && !told && v.players[i].identity !== undefined)
        bad.push(`view of ${seat} shows the identity of live seat ${i}`);
      // Hidden characters of others never in a view (docs/rules.md §11).
      if (c && inGame(p) && !s.result && !c.seats[i].faceUp && v.players[i].character !== undefined)
        bad.push(`view of ${seat} shows the face-down character of seat ${i}`);
      if (c && pd?.kind === 'chooseCharacter' && v.offers && seat !== null && v.offers.some((x, k) => x !== c.seats[seat].offers[k]))
        bad.push(`view of ${seat} shows offers that are not its own`);
    });
    for (const id of s.deck) if (ids.has(id)) bad.push(`view of ${seat} shows a deck card`);
    for (const id of s.removed) if (ids.has(id)) bad.push(`view of ${seat} shows a removed 试探`);
    const t = s.transit;
    if (t && !t.faceUp && (seat === null || !(t.known & (1 << seat))) && ids.has(t.card))
      bad.push(`view of ${seat} shows face-down intel`);
    for (const it of s.stack)
      if (it.as === '试探' && seat !== it.user && seat !== it.target && ids.has(it.card))
        bad.push(`view of ${seat} shows a 试探's content`);
  }
  return bad;
}

/** The fields of each event kind that hold card ids (stack indexes and seats are not cards). */
const CARD_FIELDS: Partial<Record<GameEvent['type'], string[]>> = {
  drawCards: ['cards'], send: ['card'], sendCard: ['card'], intelDiscarded: ['card'], take: ['card'], intel: ['card'],
  play: ['card', 'intel', 'of'], probeCard: ['card'], intercept: ['card'], peek: ['card'], burned: ['card'],
  negate: ['card'], discard: ['cards'], discardCards: ['cards'], skill: ['intel', 'cards'], shown: ['card'],
  handTakenCards: ['cards'], cardGivenCards: ['cards'], handGivenCards: ['cards'], handSeen: ['cards'],
  intelToDeck: ['card'], intelMoved: ['card'], intelSwapped: ['card', 'old'], intelRevealed: ['card'],
  probeSeen: ['card'], intelToHand: ['card'], intelReplaced: ['card', 'old'], intelTransferred: ['card'], negated: ['card'],
};

/**
 * Events whose purpose is to show their cards, as the rules show them: to everyone (intel turned face
 * up in front of a player, 黑玫瑰's top card, 揭露's discard …), or only to the seats the event names (a
 * draw, a look at a hand or an intel, cards handed over). Such a card may be public or private only for
 * a moment inside one action (intel taken, then discarded at its taker's death), so it is checked by
 * its audience, not by the views around the action.
 */
const SHOWS_ALL = new Set<GameEvent['type']>(['take', 'intel', 'intercept', 'shown', 'intelRevealed', 'discard', 'intelReplaced', 'intelTransferred', 'negated']);
const SHOWS_SOME = new Set<GameEvent['type']>([
  'drawCards', 'sendCard', 'peek', 'probeCard', 'probeSeen', 'handTakenCards', 'cardGivenCards', 'handGivenCards', 'discardCards',
]);
/** A look at another's hand (浮萍's 先机, 六姐's): shown to one seat, which the event does not name. */
const SHOWS_ONE = new Set<GameEvent['type']>(['handSeen']);

/** The card ids an event names. */
export function eventCards(e: GameEvent): number[] {
  const out: number[] = [];
  for (const f of CARD_FIELDS[e.type] ?? []) {
    const v = (e as unknown as Record<string, unknown>)[f];
    if (typeof v === 'number') out.push(v);
    else if (Array.isArray(v)) out.push(...(v as number[]));
  }
  return out;
}

/** The seats an event names (its actor, target, giver …). */
function namedSeats(e: GameEvent): number[] {
  const o = e as unknown as Record<string, unknown>;
  return ['seat', 'target', 'from', 'user', 'by'].map((k) => o[k]).filter((x): x is number => typeof x === 'number');
}

/**
 * Secrets in events (docs/rules.md, Event kinds): a card an event names must be one its audience may
 * see. A showing event (above) to everyone is the rule's own showing; one to some seats may go only to
 * seats it names. Any other event may name only cards its audience sees in its view before the action
 * or after it (the public view for a public event, each listed seat's view otherwise), or that an
 * earlier event of the same action showed to everyone.
 */
export function checkEvents(prev: GameState, next: GameState, events: GameEvent[]): string[] {
  const bad: string[] = [];
  const seen = new Map<number | null, Set<number>>();
  const seenBy = (seat: number | null): Set<number> => {
    let ids = seen.get(seat);
    if (!ids) {
      ids = new Set<number>();
      seenIds(view(prev, seat), ids);
      seenIds(view(next, seat), ids);
      seen.set(seat, ids);
    }
    return ids;
  };
  // A card an earlier event of the action showed to everyone is public for the rest of the action
  // (an intel dealt face up by 真伪莫辨, then burned by a 烧毁 still waiting on the stack).
  const shown = new Set<number>();
  for (const e of events) {
    const cards = eventCards(e);
    if (!cards.length) continue;
    if (SHOWS_ALL.has(e.type)) {
      if (e.to === 'all') for (const id of cards) shown.add(id);
      continue;
    }
    if (SHOWS_ONE.has(e.type)) {
      if (e.to === 'all' || e.to.length !== 1) bad.push(`event ${e.type} shows a hand to ${String(e.to)}, not to one seat`);
      continue;
    }
    if (SHOWS_SOME.has(e.type)) {
      const named = namedSeats(e);
      if (e.to === 'all' || e.to.some((x) => !named.includes(x))) bad.push(`event ${e.type} shows its cards to ${String(e.to)}, beyond the seats it names`);
      continue;
    }
    const audience: (number | null)[] = e.to === 'all' ? [null] : e.to;
    for (const seat of audience)
      for (const id of cards)
        if (!shown.has(id) && !seenBy(seat).has(id)) bad.push(`event ${e.type} to ${seat ?? 'all'} names card ${id}, which it cannot see`);
  }
  return bad;
}
