// The route of intel on its way (docs/rules.md §6), the one definition the engine's passing (turn.ts) and
// the AI's prediction of where intel goes (src/ai/strong-table.ts) both use.
import type { Mode } from './types.js';

/** What decides where intel goes: who sent it, its mode, its direction, its 直达 target. */
export interface Route {
  sender: number;
  mode: Mode;
  /** +1 = to the next seat, -1 = to the previous seat. */
  dir: 1 | -1;
  /** 直达 target. */
  target?: number;
}

/**
 * Where intel goes next after leaving `from`, at a table of `n` seats. `canStop(seat)`: whether it
 * may stop there (in the game, and not 调虎离山'd unless locked; the sender is always a stop: it
 * must take what comes back). 直达 goes to its target, then back to its sender.
 */
export function nextStop(n: number, r: Route, from: number, canStop: (seat: number) => boolean): number {
  if (r.mode === '直达') {
    if (from === r.sender && r.target !== undefined && canStop(r.target)) return r.target;
    return r.sender;
  }
  let seat = from;
  for (let k = 0; k < n; k++) {
    seat = (seat + r.dir + n) % n;
    if (seat === r.sender) return seat;
    if (canStop(seat)) return seat;
  }
  return r.sender;
}

/** Every stop after leaving `from`, in order, the sender last. */
export function stopsAfter(n: number, r: Route, from: number, canStop: (seat: number) => boolean): number[] {
  const out: number[] = [];
  let at = from;
  do {
    at = nextStop(n, r, at, canStop);
    out.push(at);
  } while (at !== r.sender);
  return out;
}

/** Whether passing may stop at `seat`: in the game, and not 调虎离山'd out (`away`) unless locked. */
export const mayStopAt = (inGame: boolean, away: number, locked: number, seat: number): boolean =>
  inGame && !((away & (1 << seat)) !== 0 && (locked & (1 << seat)) === 0);
