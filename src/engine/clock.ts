// Deadlines of decisions (rulings §10) and the response clock of response windows (docs/rules.md
// §7b): which pending decision belongs to one player, and when it runs out. The engine keeps no
// time of its own; the caller passes a Clock with the time of the action.
import { has, inGame } from './state.js';
import type { Clock, GameState } from './types.js';

/**
 * The seat whose own decision the game waits on, or null when it waits on several seats at once
 * (a response window, the choice of characters). The current player's 出牌阶段 with nothing on the
 * stack is that player's decision: the others may only answer what is played.
 */
export function decider(s: GameState): number | null {
  const p = s.pending;
  if (!p || s.result) return null;
  switch (p.kind) {
    case 'chooseCharacter':
      return null;
    case 'window':
      return ownPlayPhase(s) ? s.current : null;
    default:
      return p.seat;
  }
}

function ownPlayPhase(s: GameState): boolean {
  const p = s.pending;
  return (
    p?.kind === 'window' &&
    (p.step === 'play1' || p.step === 'play2') &&
    s.stack.length === 0 &&
    inGame(s.players[s.current]) &&
    !has(p.passed, s.current)
  );
}

/** A window open to every live player at once, timed by the response clock when the game has one. */
export function isResponseWindow(s: GameState): boolean {
  return s.pending?.kind === 'window' && !ownPlayPhase(s);
}

/**
 * A response window with nothing on the stack (intel on its way or arrived, an 出牌阶段 the current
 * player has ended) waits this share of the response clock, at least 3 s: what one answers it with
 * (截获, 调虎离山, 破译 …) is decided before it opens. A card just played gets the whole clock, to be
 * read first. Measured: at 8 s everywhere a 5-player game of people who never respond waited 21 minutes
 * on response clocks; see README.
 */
export const HOP_SHARE = 5 / 8;
const MIN_WINDOW_MS = 3_000;

/**
 * The deadline a pending decision gets at `clock.now`: the response clock for a response window
 * (when the game has one), the decision timer for everything else.
 */
export function deadlineAt(s: GameState, clock: Clock): number {
  if (clock.windowMs === undefined || !isResponseWindow(s)) return clock.now + clock.decisionMs;
  const hop = s.stack.length === 0 ? Math.max(MIN_WINDOW_MS, Math.round(clock.windowMs * HOP_SHARE)) : clock.windowMs;
  return clock.now + Math.min(hop, clock.windowMs);
}

/**
 * Whether the action that turned `before` into `after` starts the pending decision's clock anew:
 * a new decision, or (with a response clock) the current player ending an 出牌阶段 that others may
 * still answer, which turns the player's own decision into a response window.
 */
export function restartsClock(before: GameState, after: GameState, clock: Clock, newDecision: boolean): boolean {
  if (!after.pending) return false;
  if (newDecision) return true;
  return clock.windowMs !== undefined && isResponseWindow(after) && !isResponseWindow(before);
}
