// The stored form of an engine state. Two savings keep a snapshot near half a kilobyte:
// the 81 cards (about 4 KB of JSON that no action ever changes) are left out and rebuilt from the
// game's setup, and the rest is deflated.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { newGame, type GameState, type Setup } from '../engine/index.js';

/** First byte of every snapshot; a later encoding gets a new number so old rows stay readable. */
const FORMAT_DEFLATED_JSON_NO_CARDS = 1;

/**
 * The canonical text of a state as stored. `cards` keeps its key position (with a placeholder) so the
 * text of a decoded state equals the text of the state it was made from.
 */
export function snapshotText(state: GameState): string {
  return JSON.stringify({ ...state, cards: 0 });
}

export function encodeSnapshot(state: GameState): Buffer {
  const body = deflateRawSync(snapshotText(state), { level: 6 });
  const out = Buffer.allocUnsafe(body.length + 1);
  out[0] = FORMAT_DEFLATED_JSON_NO_CARDS;
  body.copy(out, 1);
  return out;
}

/** Throws on any damage: callers treat that as a broken game. */
export function snapshotTextOf(blob: Uint8Array): string {
  if (blob.length < 2) throw new Error('snapshot is empty');
  if (blob[0] !== FORMAT_DEFLATED_JSON_NO_CARDS) throw new Error(`snapshot has unknown format ${blob[0]}`);
  return inflateRawSync(blob.subarray(1)).toString('utf8');
}

// Keyed by edition: the engine builds the deck from the edition alone, and the check in decodeSnapshot
// would notice if that ever stopped being true.
const decks = new Map<string, GameState['cards']>();

function cardsFor(setup: Setup): GameState['cards'] {
  const key = setup.edition ?? 'standard';
  let cards = decks.get(key);
  if (!cards) {
    cards = newGame(setup).state.cards;
    decks.set(key, cards);
  }
  return cards;
}

export function decodeSnapshot(blob: Uint8Array, setup: Setup): GameState {
  const state = JSON.parse(snapshotTextOf(blob)) as GameState;
  if (typeof state !== 'object' || state === null || !Array.isArray(state.players) || typeof state.version !== 'number')
    throw new Error('snapshot is not an engine state');
  state.cards = cardsFor(setup);
  const maxCard = Math.max(-1, ...state.deck, ...state.discard, ...state.removed, ...state.players.flatMap((p) => [...p.hand, ...p.intel]));
  if (maxCard >= state.cards.length) throw new Error(`snapshot refers to card ${maxCard}, the deck has ${state.cards.length}`);
  return state;
}
