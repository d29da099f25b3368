// Target checks several cards share.
import { refuse, type Refusal } from '../refusals.js';
import { inGame } from '../state.js';
import type { CardName, GameState } from '../types.js';

/** "另一位玩家": a live player other than the user. */
export function otherLivePlayer(
  s: GameState,
  seat: number,
  target: number | undefined,
  card: CardName,
): Refusal | null {
  if (target === undefined || !Number.isInteger(target) || target < 0 || target >= s.players.length)
    return refuse('badTarget', { card, rule: 'name another player' });
  if (target === seat) return refuse('badTarget', { card, rule: 'it cannot name yourself' });
  if (!inGame(s.players[target])) return refuse('badTarget', { card, rule: 'that player is out of the game' });
  return null;
}

export function wrongMoment(card: CardName, rule: string): Refusal {
  return refuse('wrongMoment', { card, rule });
}

/** "只能在自己的出牌阶段使用": the user's own 出牌阶段. */
export function ownPlayPhase(s: GameState, seat: number, step: string, card: CardName): Refusal | null {
  if (seat !== s.current || (step !== 'play1' && step !== 'play2')) return wrongMoment(card, 'only in your own 出牌阶段');
  return null;
}
