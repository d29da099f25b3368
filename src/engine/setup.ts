// A new game (docs/rules.md §1–§3): identities by table size, the shuffled deck, three cards each,
// a random first player.
import { deckOf } from './deck.js';
import { deadlineAt } from './clock.js';
import { tableSizeRefusal } from './editions.js';
import { openWindow, setPending } from './pending.js';
import { startTurn } from './turn.js';
import { randInt, seedRng, shuffleInPlace } from './rng.js';
import type { Ctx } from './state.js';
import type { CharacterName, CharState, Clock, Edition, GameEvent, GameState, Identity, Options } from './types.js';
import { CHARACTER_SETS } from './registry.js';
import type { RngState } from './rng.js';

/**
 * Two characters for each player, privately (docs/rules.md §11), from the characters that exist. With
 * fewer than two per player (10 exist; 6+ players), the second offers repeat characters from a
 * second shuffle, never the player's own first one: two players may then play the same one.
 */
export function dealCharacters(rng: RngState, players: number, names: readonly CharacterName[] = CHARACTER_SETS.standard): CharState {
  const pool = names.slice();
  shuffleInPlace(rng, pool);
  const firsts = pool.slice(0, players);
  let rest = pool.slice(players);
  if (rest.length < players) {
    const again = names.slice();
    shuffleInPlace(rng, again);
    rest = rest.concat(again);
  }
  const seats = firsts.map((first) => {
    const k = rest.findIndex((c) => c !== first);
    const second = rest.splice(k, 1)[0];
    return { name: null, faceUp: false, offers: [first, second] as CharacterName[], shown: false };
  });
  return { seats, queue: [], holding: false, held: null, deaths: 0 };
}

export const DEFAULT_OPTIONS: Options = { roundLimit: 60, soySauceAlliance: false, altSplit: false, characters: false };

/** [潜伏战线, 军情处, 打酱油的] by players; the optional split of 000_… second (docs/rules.md §2). */
const SPLITS: Record<number, [number, number, number][]> = {
  3: [[1, 1, 1]],
  4: [[1, 1, 2], [2, 2, 0]],
  5: [[2, 2, 1]],
  6: [[2, 2, 2], [3, 3, 0]],
  7: [[3, 3, 1], [2, 2, 3]],
  8: [[3, 3, 2]],
  9: [[3, 3, 3]],
};

export function identitiesFor(count: number, altSplit: boolean): Identity[] {
  const rows = SPLITS[count];
  if (!rows) throw new Error(`风声 needs 3 to 9 players, not ${count}`);
  const [red, blue, soy] = altSplit && rows[1] ? rows[1] : rows[0];
  return [
    ...Array<Identity>(red).fill('潜伏战线'),
    ...Array<Identity>(blue).fill('军情处'),
    ...Array<Identity>(soy).fill('打酱油的'),
  ];
}

export interface Setup {
  seed: number;
  players: string[];
  edition?: Edition;
  options?: Partial<Options>;
}

export function hasAltSplit(count: number): boolean {
  return (SPLITS[count]?.length ?? 0) > 1;
}

export function initialState(setup: Setup): { state: GameState; ev: GameEvent[]; ctx: Ctx } {
  const edition = setup.edition ?? 'standard';
  const options: Options = { ...DEFAULT_OPTIONS, ...setup.options };
  // 千智风声 is played by 5 or 6 (004_…): a table of another size is refused before anything is dealt.
  const size = tableSizeRefusal(edition, setup.players.length);
  if (size) throw new Error(`风声: ${size}`);
  const rng = seedRng(setup.seed);
  const identities = identitiesFor(setup.players.length, options.altSplit);
  shuffleInPlace(rng, identities);
  const cards = deckOf(edition);
  const deck = cards.map((_, i) => i);
  shuffleInPlace(rng, deck);
  const players = setup.players.map((name, i) => ({
    name,
    identity: identities[i],
    alive: true,
    out: false,
    hand: [] as number[],
    intel: [] as number[],
  }));
  for (const p of players) p.hand.push(deck.pop()!, deck.pop()!, deck.pop()!);
  const first = randInt(rng, players.length);
  const chars = options.characters ? dealCharacters(rng, players.length, CHARACTER_SETS[options.characterSet ?? 'standard']) : undefined;
  const state = tableAt({ edition, options, rng, cards, players, deck, discard: [], current: first });
  if (chars) state.chars = chars;
  const ev: GameEvent[] = [{ to: 'all', type: 'gameStart', players: players.length, edition, first }];
  players.forEach((p, i) => {
    // With characters the identities are dealt once everyone has chosen (003 开始游戏).
    if (chars) ev.push({ to: [i], type: 'characterOffer', seat: i, characters: chars.seats[i].offers.slice() });
    else ev.push({ to: [i], type: 'identity', seat: i, identity: p.identity });
    ev.push({ to: [i], type: 'drawCards', seat: i, cards: p.hand.slice() });
  });
  return { state, ev, ctx: { ev, newDecision: false } };
}

/** A table at the start of a game: the given cards where they lie, nothing in play yet. */
export function tableAt(t: Pick<GameState, 'edition' | 'options' | 'rng' | 'cards' | 'players' | 'deck' | 'discard' | 'current'>): GameState {
  return {
    version: 0,
    ...t,
    removed: [],
    first: t.current,
    round: 1,
    locked: 0,
    failedToSend: false,
    stack: [],
    resolving: null,
    transit: null,
    pending: null,
    gone: [],
    result: null,
  };
}

export function newGame(setup: Setup, clock?: Clock): { state: GameState; events: GameEvent[] } {
  const { state, ev, ctx } = initialState(setup);
  if (state.chars) setPending(state, ctx, { kind: 'chooseCharacter', picked: 0 });
  else startTurn(state, ctx);
  if (clock && state.pending) state.pending.deadline = deadlineAt(state, clock);
  return { state, events: ev };
}

/**
 * Starts play from a state laid out by hand (the scenario runner, tests): at the start of the
 * current player's turn (drawing), or in their 出牌阶段 with nothing drawn.
 */
export function beginAt(state: GameState, start: 'draw' | 'play'): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  const ctx: Ctx = { ev: events, newDecision: false };
  if (start === 'draw') startTurn(state, ctx);
  else {
    ctx.ev.push({ to: 'all', type: 'turnStart', seat: state.current, round: state.round });
    openWindow(state, ctx, 'play1');
  }
  return { state, events };
}
