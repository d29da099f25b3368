// Primitives that move cards and turn character or identity cards over: the one home of moving a
// card between the deck, a hand, the intel in front of a player and the discard pile. Cards and
// characters call these; none of them decides what happens next (turn.ts does). Placing intel
// before a player, which may kill or end the game, is outcome.ts's (placeIntel, placeFromHand).
import { editionOf } from './editions.js';
import { shuffleInPlace } from './rng.js';
import { inGame, removeFrom, type Ctx } from './state.js';
import type { GameState, Pending } from './types.js';

/** Takes the top card, reshuffling the discard pile into a new deck when the deck is empty. */
export function takeTop(s: GameState, ctx: Ctx): number | undefined {
  if (s.deck.length === 0 && s.discard.length > 0) {
    s.deck = s.discard;
    s.discard = [];
    shuffleInPlace(s.rng, s.deck);
    ctx.ev.push({ to: 'all', type: 'reshuffle', deck: s.deck.length });
  }
  return s.deck.pop();
}

export function draw(s: GameState, ctx: Ctx, seat: number, n: number): void {
  const got: number[] = [];
  for (let i = 0; i < n; i++) {
    const c = takeTop(s, ctx);
    if (c === undefined) break;
    got.push(c);
  }
  s.players[seat].hand.push(...got);
  ctx.ev.push({ to: 'all', type: 'draw', seat, count: got.length });
  if (got.length) ctx.ev.push({ to: [seat], type: 'drawCards', seat, cards: got });
}

/**
 * Hand cards to the discard pile. Everyone sees how many; what they were, only their owner, unless the
 * edition discards face up (千智风声, 004: 弃牌采用明弃).
 */
export function discardFromHand(s: GameState, ctx: Ctx, seat: number, cards: number[]): void {
  if (cards.length === 0) return;
  for (const c of cards) removeFrom(s.players[seat].hand, c);
  s.discard.push(...cards);
  if (editionOf(s).openDiscards) ctx.ev.push({ to: 'all', type: 'discard', seat, count: cards.length, cards: cards.slice() });
  else {
    ctx.ev.push({ to: 'all', type: 'discard', seat, count: cards.length });
    ctx.ev.push({ to: [seat], type: 'discardCards', seat, cards: cards.slice() });
  }
}

/** What a discard decision says comes after it (千智's 试探: its user draws one). */
export function drawAfterDiscard(s: GameState, ctx: Ctx, p: Extract<Pending, { kind: 'discard' }>): void {
  const t = p.thenDraw;
  if (t && inGame(s.players[t.seat])) draw(s, ctx, t.seat, t.count);
}

/** Whose intel a card is, or -1. */
export function intelOwner(s: GameState, card: number): number {
  for (let i = 0; i < s.players.length; i++) if (s.players[i].intel.includes(card)) return i;
  return -1;
}

/** Burns an intel card (to the discard pile). */
export function burnIntel(s: GameState, ctx: Ctx, card: number): void {
  const owner = intelOwner(s, card);
  if (owner < 0) return;
  removeFrom(s.players[owner].intel, card);
  s.discard.push(card);
  ctx.ev.push({ to: 'all', type: 'burned', seat: owner, card });
}

/** "把一张手牌放回牌库顶" (隔墙有耳, 精明, 攻守兼备, 弃卒保帅): the others see that one went back, not which. */
export function handToDeckTop(s: GameState, ctx: Ctx, seat: number, card: number, skill?: string): void {
  removeFrom(s.players[seat].hand, card);
  s.deck.push(card);
  ctx.ev.push({ to: 'all', type: 'toDeckTop', seat, count: 1, skill });
}

/** A hand card handed to a player (or kept, when `target` is the giver); only the two see which. */
export function giveCard(s: GameState, ctx: Ctx, me: number, target: number, card: number, skill: string): void {
  if (target !== me) {
    removeFrom(s.players[me].hand, card);
    s.players[target].hand.push(card);
  }
  ctx.ev.push({ to: 'all', type: 'cardGiven', seat: me, target, count: 1, skill });
  ctx.ev.push({ to: target === me ? [me] : [me, target], type: 'cardGivenCards', seat: me, target, cards: [card] });
}

/** 翻开 / 盖伏 (003: a face-down character cannot be 盖伏'd again, nor a face-up one 翻开'd). */
export function flip(s: GameState, ctx: Ctx, seat: number, up: boolean): boolean {
  const sc = s.chars!.seats[seat];
  if (!sc.name || sc.faceUp === up) return false;
  sc.faceUp = up;
  ctx.ev.push(up ? { to: 'all', type: 'characterUp', seat, character: sc.name } : { to: 'all', type: 'characterDown', seat, character: sc.name });
  return true;
}

/**
 * 翻开你的身份牌 as a skill's cost (救美, 黄雀在后, 爱情; docs/rules.md §11). A shown identity card stays shown,
 * so such a skill can be paid for, and used, only while the card is still face down.
 */
export const identityHidden = (s: GameState, seat: number): boolean => !s.chars!.seats[seat].shown;

/** Pays 翻开你的身份牌: everyone sees the identity card from now on. */
export function showIdentity(s: GameState, ctx: Ctx, seat: number): void {
  s.chars!.seats[seat].shown = true;
  ctx.ev.push({ to: 'all', type: 'identityShown', seat, identity: s.players[seat].identity });
}
