// What a decision defaults to (docs/rules.md §10): the one definition the engine's timeout and the bot's
// default seat policy (src/discord/drivers.ts) share. Pass; send the first hand card (a 直达 to
// the next player in the game); take when locked, else refuse; discard the first hand card; a skill's
// first choice; the first character offered.
import { decideChoices } from './skills.js';
import { has, inGame } from './state.js';
import type { Action, GameState } from './types.js';

/** The next live player: where a defaulted 直达 goes. */
export function defaultDirectTarget(s: GameState, seat: number): number {
  const n = s.players.length;
  for (let k = 1; k < n; k++) if (inGame(s.players[(seat + k) % n])) return (seat + k) % n;
  return seat;
}

/** `seat`'s default for what the game waits on now, or null when it waits on nothing of theirs. */
export function defaultAction(s: GameState, seat: number): Action | null {
  const p = s.pending;
  if (!p || s.result) return null;
  switch (p.kind) {
    case 'window':
      return { kind: 'pass', seat };
    case 'chooseCharacter':
      return has(p.picked, seat) ? null : { kind: 'pickCharacter', seat, character: s.chars!.seats[seat].offers[0] };
  }
  if (p.seat !== seat) return null;
  switch (p.kind) {
    case 'send': {
      const card = s.players[seat].hand[0];
      return s.cards[card].mode === '直达' ? { kind: 'send', seat, card, target: defaultDirectTarget(s, seat) } : { kind: 'send', seat, card };
    }
    case 'receive':
      return has(s.locked, seat) ? { kind: 'take', seat } : { kind: 'refuse', seat };
    case 'discard':
      return { kind: 'choose', seat, card: s.players[seat].hand[0] };
    case 'decide': {
      // a choice as legalActions lists it (some skills' choices are written for seat 0)
      const first = decideChoices(s, p)[0];
      return first ? { ...first, seat } : null;
    }
  }
}
