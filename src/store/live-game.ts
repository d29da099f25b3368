// A game the process holds in memory (commit.ts keeps it, recovery.ts fills it at start-up).
import type { GameState } from '../engine/index.js';
import type { GameHead } from './games-repo.js';

/** A game the process holds in memory: the last committed state, so the next action skips decoding. */
export interface LiveGame {
  head: GameHead;
  state: GameState;
}
