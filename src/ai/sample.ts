// A world consistent with what one seat sees: a whole game state whose hidden parts (the others'
// identities, drawn from the seat's beliefs; their hands, the deck, the discard pile, face-down
// intel and 试探, face-down characters) are dealt at random from the cards and characters the
// seat cannot place. The search policy (expert.ts) plays its playouts in such worlds: it never
// reads the real state. What the view does not say is guessed plainly: characters' records
// (marks) are empty, a window's passes are the seats it no longer waits on, the options are the
// defaults but for the round limit and characters.
import { CHARACTER_SETS, CHARACTERS, DEFAULT_OPTIONS, type GameView } from '../engine/index.js';
import { randInt, type RngState } from '../engine/rng.js';
import type { CharacterName, CharacterSet, CharState, GameState, Identity, Pending, Player, StackItem, Transit } from '../engine/types.js';
import { weights } from './beliefs.js';
import { ID_LIST } from './cards.js';
import { characterSetOf } from './learned.js';
import type { SeatMemory } from './memory.js';

const bit = (s: number) => 1 << s;

function shuffle<T>(xs: T[], rng: RngState): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = randInt(rng, i + 1);
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

/** Identities for every seat: an assignment drawn from the beliefs that agrees with the identities the view shows. */
function sampleIdentities(v: GameView, m: SeatMemory, rng: RngState): Identity[] | null {
  const t = m.beliefs.table;
  const w = weights(m.beliefs);
  for (let tries = 0; tries < 8; tries++) {
    let r = (randInt(rng, 0x40000000) / 0x40000000) * 1;
    let a = 0;
    for (; a < t.count - 1; a++) {
      r -= w[a];
      if (r < 0) break;
    }
    const ids = Array.from({ length: t.n }, (_, s) => ID_LIST[t.ids[a * t.n + s]]);
    if (v.players.every((p, s) => p.identity === undefined || p.identity === ids[s])) return ids;
  }
  return null;
}

/** A card of `pool` (taken out of it) of a colour drawn from `colours`, of way `mode` if there is one; undefined if none of that colour is left. */
function dealColour(pool: number[], cards: SeatMemory['cards'], colours: readonly number[], mode: string, rng: RngState): number | undefined {
  const r = (randInt(rng, 1 << 30) / (1 << 30)) * (colours[0] + colours[1] + colours[2]);
  const x = r < colours[0] ? '红' : r < colours[0] + colours[1] ? '蓝' : '黑';
  let k = pool.findIndex((id) => cards[id].color === x && cards[id].mode === mode);
  if (k < 0) k = pool.findIndex((id) => cards[id].color === x);
  return k < 0 ? undefined : pool.splice(k, 1)[0];
}

/**
 * A state the seat's view could be a view of; null when the view shows a moment this cannot rebuild
 * (a skill's question, the choice of characters). `transitColors`: what the seat believes of the
 * colour of the face-down intel in flight ([red, blue, black]; strong-table.ts senderDist): its card
 * is dealt with a colour drawn from it, and of its way of sending where the pool has one. Without it
 * the intel is any unseen card.
 */
export function sampleWorld(v: GameView, m: SeatMemory, rng: RngState, transitColors?: readonly number[]): GameState | null {
  const me = v.you;
  const vp = v.pending;
  if (me === null || !vp || v.result || v.identity === undefined) return null;
  if (vp.kind === 'decide' || vp.kind === 'chooseCharacter') return null;
  const n = v.players.length;
  const ids = sampleIdentities(v, m, rng);
  if (!ids) return null;
  const cards = m.cards;

  // Cards whose place this seat knows; the rest are dealt.
  const placed = new Set<number>();
  for (const c of v.hand ?? []) placed.add(c.id);
  for (const p of v.players) for (const c of p.intel) placed.add(c.id);
  if (v.transit?.card) placed.add(v.transit.card.id);
  for (const it of v.stack) {
    if (it.card) placed.add(it.card.id);
    if (it.intel) placed.add(it.intel.id);
    for (const c of it.cards ?? []) placed.add(c.id);
  }
  const pool = shuffle(
    cards.map((_, i) => i).filter((i) => !placed.has(i)),
    rng,
  );
  const takeWhere = (ok: (id: number) => boolean): number | null => {
    const k = pool.findIndex(ok);
    return k < 0 ? null : pool.splice(k, 1)[0];
  };
  const isProbe = (id: number) => cards[id].name === '试探';

  const stack: StackItem[] = [];
  for (const it of v.stack) {
    let card = -1;
    if (!it.skill) {
      const c = it.card?.id ?? takeWhere(isProbe);
      if (c === null) return null;
      card = c;
    }
    stack.push({
      card,
      as: it.as,
      ...(it.skill !== undefined && { skill: it.skill }),
      ...(it.cards && { cards: it.cards.map((c) => c.id) }),
      user: it.user,
      ...(it.target !== undefined && { target: it.target }),
      ...(it.intel && { intel: it.intel.id }),
      ...(it.of !== undefined && { of: it.of }),
    });
  }
  // A 试探's discard is asked while the 试探 resolves: it is on top of the stack, its effect run, and
  // once the card is chosen the stack goes on resolving in the 出牌阶段 it was used in.
  const resolvingProbe = vp?.kind === 'discard' && stack.length > 0;
  if (resolvingProbe) Object.assign(stack[stack.length - 1], { resolved: true, hooked: true });

  let transit: Transit | null = null;
  if (v.transit) {
    const t = v.transit;
    let card = t.card?.id ?? (transitColors ? dealColour(pool, cards, transitColors, t.mode, rng) : pool.pop());
    card ??= pool.pop();
    if (card === undefined) return null;
    const tm = m.transit;
    const faceUp = tm?.faceUp ?? t.mode === '文本';
    transit = {
      card,
      sender: t.sender,
      mode: t.mode,
      faceUp,
      dir: t.dir,
      from: t.at === t.sender ? t.sender : prevInGame(v, t.at, t.dir),
      at: t.at,
      ...(t.target !== undefined && { target: t.target }),
      away: t.away.reduce((a, s) => a | bit(s), 0),
      known: (tm?.knownTo ?? bit(t.sender)) | (t.card ? bit(me) : 0),
    };
  }

  const players: Player[] = v.players.map((p, s) => {
    const hand = s === me ? (v.hand ?? []).map((c) => c.id) : pool.splice(0, p.handCount);
    return { name: p.name, identity: ids[s], alive: p.alive, out: p.out, hand, intel: p.intel.map((c) => c.id) };
  });
  if (players.some((p, s) => p.hand.length !== v.players[s].handCount)) return null;
  const removed: number[] = [];
  for (let i = 0; i < v.removed; i++) {
    const c = takeWhere(isProbe) ?? pool.pop();
    if (c === undefined) return null;
    removed.push(c);
  }
  const discard = pool.splice(0, v.discard);
  const deck = pool;
  if (deck.length !== v.deck) return null;

  let pending: Pending;
  const base = { opened: vp.opened };
  const inGame = (s: number) => v.players[s].alive && !v.players[s].out;
  switch (vp.kind) {
    case 'window': {
      let passed = 0;
      for (let s = 0; s < n; s++) if (inGame(s) && !vp.waitingOn.includes(s)) passed |= bit(s);
      pending = { kind: 'window', step: vp.step!, passed, ...base };
      break;
    }
    case 'send':
    case 'receive':
      pending = { kind: vp.kind, seat: vp.seat!, ...base };
      break;
    case 'discard':
      pending = { kind: 'discard', seat: vp.seat!, reason: '试探', ...base };
      break;
    default:
      return null;
  }

  let chars: CharState | undefined;
  let characterSet: CharacterSet | undefined;
  if (v.players.some((p) => p.faceUp !== undefined)) {
    const seen = new Set<CharacterName>();
    for (const p of v.players) if (p.character) seen.add(p.character);
    // The set the game deals from is the one the characters in sight belong to (our own is always).
    characterSet = characterSetOf(seen);
    const hidden = shuffle(
      CHARACTER_SETS[characterSet].filter((c) => !seen.has(c)),
      rng,
    );
    // A face-down seat whose skill is on the stack (a skill that turns its user face down) holds a
    // character with that skill: the stack resolves it through the user's character.
    const dealTo = (seat: number): CharacterName | null => {
      const used = v.stack.filter((it) => it.user === seat && it.skill !== undefined).map((it) => it.skill!);
      for (let i = used.length ? hidden.length - 1 : -1; i >= 0; i--)
        if (used.every((k) => CHARACTERS[hidden[i]].active.some((x) => x.name === k))) return hidden.splice(i, 1)[0];
      return hidden.pop() ?? null;
    };
    chars = {
      seats: v.players.map((p, s) => ({
        name: p.character ?? dealTo(s),
        faceUp: !!p.faceUp,
        offers: [],
        shown: s !== me && inGame(s) && p.identity !== undefined,
      })),
      queue: [],
      holding: false,
      held: null,
      deaths: v.players.filter((p) => !p.alive).length,
    };
  }

  return {
    version: v.version,
    edition: v.edition,
    options: { ...DEFAULT_OPTIONS, roundLimit: v.roundLimit, characters: !!chars, ...(characterSet && { characterSet }), ...(v.victoryIntel && { victoryIntel: v.victoryIntel }) },
    rng: [randInt(rng, 0x7fffffff), randInt(rng, 0x7fffffff), randInt(rng, 0x7fffffff), randInt(rng, 0x7fffffff)],
    cards: cards as GameState['cards'],
    players,
    deck,
    discard,
    removed,
    current: v.current,
    first: m.first,
    round: v.round,
    locked: v.players.reduce((a, p, s) => (p.locked ? a | bit(s) : a), 0),
    failedToSend: false,
    stack,
    resolving: resolvingProbe ? (m.sent ? 'play2' : 'play1') : null,
    transit,
    pending,
    gone: v.players.flatMap((p, s) => (inGame(s) ? [] : [s])),
    result: null,
    ...(chars && { chars }),
  };
}

/** The seat in the game before `at` on the way the intel goes (where it last left). */
function prevInGame(v: GameView, at: number, dir: 1 | -1): number {
  const n = v.players.length;
  for (let k = 1; k < n; k++) {
    const s = (((at - dir * k) % n) + n) % n;
    if (v.players[s].alive && !v.players[s].out) return s;
  }
  return at;
}
