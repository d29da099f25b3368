// Blunders a policy should never make, counted from outside (ai:eval --details): the referee
// reads the state before and after each action; the policies never do.
import type { Action, GameState } from '../engine/types.js';

export interface BlunderCounts {
  /** A card played while a card of one's own of the same function and aim (target, intel, item) still waits on the stack. */
  repeatOnStack: number;
  /** Face-down intel taken (refusing was allowed) with two black in front already. */
  blindTakeAtTwoBlack: number;
  /** … and died of it. */
  blindTakeDied: number;
  /** A 锁定 on a teammate while one's own black intel is on its way. */
  lockTeammateOnOwnBlack: number;
  /** One's own black intel killed a teammate. */
  ownBlackKilledTeammate: number;
}

export const BLUNDER_KEYS: readonly (keyof BlunderCounts)[] = [
  'repeatOnStack',
  'blindTakeAtTwoBlack',
  'blindTakeDied',
  'lockTeammateOnOwnBlack',
  'ownBlackKilledTeammate',
];

export const noBlunders = (): BlunderCounts => ({
  repeatOnStack: 0,
  blindTakeAtTwoBlack: 0,
  blindTakeDied: 0,
  lockTeammateOnOwnBlack: 0,
  ownBlackKilledTeammate: 0,
});

const teammates = (s: GameState, a: number, b: number): boolean =>
  a !== b && s.players[a].identity === s.players[b].identity && s.players[a].identity !== '打酱油的';

const blacks = (s: GameState, seat: number): number => s.players[seat].intel.filter((id) => s.cards[id].color === '黑').length;

/**
 * Adds the blunders of this action to `out[seat]` for each seat `counted` says is measured.
 * `refusable`: whether refusing was among the actor's legal actions.
 */
export function countBlunders(
  before: GameState,
  a: Action,
  after: GameState,
  refusable: boolean,
  counted: (seat: number) => BlunderCounts | null,
): void {
  const t = before.transit;
  if (a.kind === 'play') {
    const out = counted(a.seat);
    if (out) {
      const as = a.as ?? before.cards[a.card].name;
      const of = as === '识破' ? (a.of ?? before.stack.length - 1) : undefined;
      if (before.stack.some((it) => it.user === a.seat && it.card >= 0 && it.as === as && !it.resolved && it.target === a.target && it.intel === a.intel && it.of === of))
        out.repeatOnStack++;
      if (as === '锁定' && a.target !== undefined && t && t.sender === a.seat && before.cards[t.card].color === '黑' && teammates(before, a.seat, a.target))
        out.lockTeammateOnOwnBlack++;
    }
  }
  if (a.kind === 'take' && t) {
    const out = counted(a.seat);
    const faceDown = !t.faceUp && (t.known & (1 << a.seat)) === 0;
    if (out && refusable && faceDown && blacks(before, a.seat) >= 2) {
      out.blindTakeAtTwoBlack++;
      if (!after.players[a.seat].alive && before.players[a.seat].alive) out.blindTakeDied++;
    }
  }
  // Someone died with black intel of a teammate's sending just received.
  if (t && before.cards[t.card].color === '黑') {
    const out = counted(t.sender);
    if (out)
      for (let i = 0; i < before.players.length; i++)
        if (before.players[i].alive && !after.players[i].alive && after.players[i].intel.includes(t.card) && teammates(before, t.sender, i))
          out.ownBlackKilledTeammate++;
  }
}
