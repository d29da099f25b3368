// The rules engine: pure, deterministic from the seed in the state, no I/O.
// The content (cards, characters) registers into the core first.
import './content.js';
export { apply, check } from './apply.js';
export { nthSend, playoutListed, playoutPass, playoutStep, sendCount, workingCopy } from './playout.js';
export { buildDeck, cardLabel, deckOf, CARD_NAMES, COLORS, IDENTITIES, MODES } from './deck.js';
export { decider, deadlineAt, isResponseWindow } from './clock.js';
export { EDITION_NAMES, EDITIONS, editionCards, tableSizeRefusal, type EditionDef } from './editions.js';
export { defaultAction } from './defaults.js';
export { CLEANUP } from './pending.js';
export { legalActions, waitingOn } from './legal.js';
export { mayStopAt, nextStop, stopsAfter, type Route } from './route.js';
export { explain, refuse, type Refusal, type RefusalCode } from './refusals.js';
export { beginAt, DEFAULT_OPTIONS, hasAltSplit, identitiesFor, newGame, tableAt, type Setup } from './setup.js';
export { CHARACTERS, CHARACTER_NAMES, CHARACTER_SETS, characterByPrintedName, printedName } from './registry.js';
export { intelOwnerIn, view, type GameView, type SeatView, type SeenCard, type StackView } from './view.js';
export { ENGINE_VERSION } from './version.js';
export * from './types.js';
