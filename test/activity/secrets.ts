// What a page may not show, computed from the raw state independently of the bot's renderers: a card
// of another's hand (by id, in the socket's frames and in the DOM), an identity face down (a live
// player's, unless the rules opened it to this viewer), a 试探's bet outside its holder's hand and its
// user and target.
import { identityOpen } from '../../src/engine/view.js';
import type { GameState } from '../../src/engine/index.js';
import type { Frame } from '../../src/activity/protocol.js';

const IDENTITY_WORDS = ['潜伏战线', '军情处', '打酱油的'];

/** Seats whose identity `viewer` (null: the public) may see now. */
function openIdentities(s: GameState, viewer: number | null): Set<number> {
  const open = new Set<number>();
  s.players.forEach((p, o) => {
    if (o === viewer || s.result || !p.alive || p.out) open.add(o);
    else if (s.chars && identityOpen(s, viewer ?? -1, o)) open.add(o);
  });
  return open;
}

/** Card ids in the hands of seats other than `viewer`. */
function othersHands(s: GameState, viewer: number | null): Set<number> {
  const ids = new Set<number>();
  s.players.forEach((p, o) => {
    if (o !== viewer) for (const id of p.hand) ids.add(id);
  });
  return ids;
}

/** Every card-shaped object (an `id` with a `name` and a `color`) in a JSON value, with where it is. */
function cardsIn(x: unknown, at = '', out: { id: number; probe?: unknown; at: string }[] = []): { id: number; probe?: unknown; at: string }[] {
  if (Array.isArray(x)) x.forEach((y, k) => cardsIn(y, `${at}[${k}]`, out));
  else if (x && typeof x === 'object') {
    const o = x as Record<string, unknown>;
    if (typeof o.id === 'number' && typeof o.name === 'string' && typeof o.color === 'string') out.push({ ...(o as { id: number; probe?: unknown }), at });
    for (const [k, y] of Object.entries(o)) cardsIn(y, at ? `${at}.${k}` : k, out);
  }
  return out;
}

/** What one frame (as the socket carried it) shows that its viewer may not see. */
export function frameLeaks(s: GameState, f: Frame): string[] {
  const problems: string[] = [];
  const viewer = f.seat;
  const hidden = othersHands(s, viewer);
  const own = new Set(viewer === null ? [] : s.players[viewer].hand);
  // A decision that shows its decider another's hand (后着): the engine's view lists those cards.
  const shown = new Set((f.view.pending?.cards ?? []).map((c) => c.id));
  for (const c of cardsIn(f)) {
    if (hidden.has(c.id) && !shown.has(c.id)) problems.push(`seat ${viewer}: card ${c.id} of another's hand in the frame (${c.at}, version ${f.view.version})`);
    // A 试探's bet is secret in another's hand, and on the stack from all but its user and (used as
    // 试探) its target; used as another card (亮剑: as 锁定) it stays face down to its target too. Face
    // up as intel, it is printed for all to read.
    const onStack = s.stack.find((it) => it.card === c.id);
    const mayRead = onStack && (onStack.user === viewer || (onStack.as === '试探' && onStack.target === viewer));
    if (c.probe !== undefined && !own.has(c.id) && (hidden.has(c.id) || (onStack && !mayRead)))
      problems.push(`seat ${viewer}: the bet of 试探 ${c.id} in the frame (${c.at}, version ${f.view.version})`);
  }
  const open = openIdentities(s, viewer);
  f.view.players.forEach((p, o) => {
    if (p.identity !== undefined && !open.has(o)) problems.push(`seat ${viewer}: seat ${o}'s identity in the frame's view`);
  });
  f.seats.forEach((p) => {
    if (p.identity !== null && !open.has(p.seat)) problems.push(`seat ${viewer}: seat ${p.seat}'s identity in the frame's words`);
  });
  if (viewer === null && (f.hand.length || f.actions.length || f.secrets.length)) problems.push('a spectator was sent a hand, actions or secrets');
  return problems;
}

/** What the page's DOM shows (card ids, each seat's text) that its viewer may not see. */
export function domLeaks(s: GameState, viewer: number | null, dom: { cards: number[]; seats: { seat: number; text: string }[] }, f?: Frame): string[] {
  const problems: string[] = [];
  const hidden = othersHands(s, viewer);
  const shown = new Set((f?.view.pending?.cards ?? []).map((c) => c.id));
  for (const id of dom.cards) if (hidden.has(id) && !shown.has(id)) problems.push(`seat ${viewer}: card ${id} of another's hand in the page`);
  const open = openIdentities(s, viewer);
  for (const { seat, text } of dom.seats)
    if (!open.has(seat) && IDENTITY_WORDS.some((w) => text.includes(w))) problems.push(`seat ${viewer}: seat ${seat}'s identity on the page: ${text}`);
  return problems;
}

/** Reads what the scan needs from a page. */
export const READ_DOM = (): { cards: number[]; seats: { seat: number; text: string }[] } => ({
  cards: [...document.querySelectorAll<HTMLElement>('[data-card]')].map((e) => Number(e.dataset.card)),
  seats: [...document.querySelectorAll<HTMLElement>('[data-seat]')].map((e) => ({ seat: Number(e.dataset.seat), text: `${e.textContent ?? ''} ${e.getAttribute('aria-label') ?? ''}` })),
});
