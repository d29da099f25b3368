// The rules engine: pure, deterministic from the seed in the state, no I/O.
export { apply, check } from './apply.js';
export { buildDeck, cardLabel, CARD_NAMES, COLORS, IDENTITIES, MODES } from './deck.js';
export { decider, deadlineAt, isResponseWindow } from './clock.js';
export { legalActions, waitingOn } from './legal.js';
export { explain, refuse, type Refusal, type RefusalCode } from './refusals.js';
export { beginAt, DEFAULT_OPTIONS, hasAltSplit, identitiesFor, newGame, type Setup } from './setup.js';
export { intelOwnerIn, view, type GameView, type SeatView, type SeenCard, type StackView } from './view.js';
export * from './types.js';
