// The pace of a table (docs/rules.md §8b): in a response window the bot passes at once for every
// person who has nothing to answer, who pressed 本回合不再响应, or who asked to be asked only when a
// window concerns them and this one does not. They are ordinary pass actions, so the log holds
// everything a window did; the window's response clock passes for whoever is left.
import { decider, legalActions, view, waitingOn, type GameState, type GameView } from '../../engine/index.js';
import type { RespondPref } from '../../store/index.js';

/** The seats whose own decision the game waits on: one player's, or everyone choosing a character. */
export function askedSeats(s: GameState): number[] {
  const own = decider(s);
  if (own !== null) return [own];
  return s.pending?.kind === 'chooseCharacter' ? waitingOn(s) : [];
}

/** The turn a 本回合不再响应 belongs to: it lapses when the next turn starts. */
export const turnKey = (s: Pick<GameState, 'round' | 'current'>): string => `${s.round}:${s.current}`;

/**
 * Whether an open window concerns a seat (what a player who asked to be asked only then wants to
 * see): their own turn, intel heading to or lying at them, or a card used on them or on their intel.
 * Read from the public view: nothing here depends on a secret.
 */
export function concerns(v: GameView, seat: number): boolean {
  if (v.current === seat) return true;
  if (v.transit && (v.transit.at === seat || v.transit.target === seat)) return true;
  const theirs = new Set(v.players[seat].intel.map((c) => c.id));
  return v.stack.some((it) => it.target === seat || (it.intel !== undefined && theirs.has(it.intel.id)));
}

export interface SeatPace {
  /** The bot plays this seat (an AI seat, or a person on autopilot). */
  bot: boolean;
  /** The person pressed 本回合不再响应 in this turn. */
  quiet: boolean;
  respond: RespondPref;
}

/**
 * The people the bot passes for now, in seat order: in a window, seats still waited on, never a
 * bot-played seat (its policy decides). A decision of one player's own (the current player's
 * 出牌阶段) is never taken from them, except when they have nothing at all to do in it.
 */
export function autoPasses(s: GameState, seats: SeatPace[]): number[] {
  const p = s.pending;
  if (!p || p.kind !== 'window' || s.result) return [];
  const own = decider(s);
  const out: number[] = [];
  let publicView: GameView | null = null;
  for (let seat = 0; seat < s.players.length; seat++) {
    const pace = seats[seat];
    if (!pace || pace.bot) continue;
    const legal = legalActions(s, seat);
    if (!legal.length) continue; // passed already, or out of the game
    if (legal.length === 1) {
      out.push(seat);
      continue;
    }
    if (seat === own) continue;
    if (pace.quiet) {
      out.push(seat);
      continue;
    }
    if (pace.respond === 'concerned') {
      publicView ??= view(s, null);
      if (!concerns(publicView, seat)) out.push(seat);
    }
  }
  return out;
}
