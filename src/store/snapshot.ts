// The stored form of an engine state: its JSON without the 81 cards. Cards never change during a game
// and are rebuilt from the setup, so this cuts a snapshot from about 4.9 KB to about 1.1 KB.
// (Deflate would halve it again but costs 50-100 µs per commit on this machine, which is most of the
// commit's CPU time, for about 500 bytes per game: only one snapshot per game is kept.)
import { deckOf, type GameState, type Setup } from '../engine/index.js';
import { upgradeSnapshot } from './upgrade.js';

/** First byte of every snapshot; a later encoding gets a new number so old rows stay readable. */
const FORMAT_JSON_NO_CARDS = 1;

/**
 * The canonical text of a state as stored. `cards` keeps its key position (with a placeholder) so the
 * text of a decoded state equals the text of the state it was made from.
 */
export function snapshotText(state: GameState): string {
  return JSON.stringify({ ...state, cards: 0 });
}

export function encodeSnapshot(state: GameState): Buffer {
  const text = snapshotText(state);
  const out = Buffer.allocUnsafe(Buffer.byteLength(text) + 1);
  out[0] = FORMAT_JSON_NO_CARDS;
  out.write(text, 1);
  return out;
}

/** Throws on any damage: callers treat that as a broken game. */
export function snapshotTextOf(blob: Uint8Array): string {
  if (blob.length < 2) throw new Error('snapshot is empty');
  if (blob[0] !== FORMAT_JSON_NO_CARDS) throw new Error(`snapshot has unknown format ${blob[0]}`);
  return Buffer.from(blob.buffer, blob.byteOffset + 1, blob.length - 1).toString('utf8');
}

/**
 * The state a stored snapshot holds, in this engine's shape: a snapshot written by an older engine is
 * upgraded (upgrade.ts; each step leaves a snapshot already in the new shape as it is, so the engine
 * version that wrote it need not be known).
 */
export function decodeSnapshot(blob: Uint8Array, setup: Setup): GameState {
  const state = JSON.parse(snapshotTextOf(blob)) as GameState;
  if (typeof state !== 'object' || state === null || !Array.isArray(state.players) || typeof state.version !== 'number')
    throw new Error('snapshot is not an engine state');
  upgradeSnapshot(state, null);
  // The engine's deck of the edition (its ids are what the state refers to): checked below.
  state.cards = deckOf(setup.edition ?? 'standard');
  const ids = [...state.deck, ...state.discard, ...state.removed, ...state.players.flatMap((p) => [...p.hand, ...p.intel])];
  if (ids.some((id) => !Number.isInteger(id) || id < 0 || id >= state.cards.length))
    throw new Error('snapshot refers to a card the deck does not have');
  return state;
}
