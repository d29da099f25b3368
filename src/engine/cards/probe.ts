// 试探 (003_…, docs/rules.md §7; 004_… §12): in your own 出牌阶段, face down to another player. Only user
// and target see which identity it bets on; everyone sees what the target then does. A resolved
// 试探 leaves the game face down; a negated one goes to the discard pile.
import { probeDenial } from '../deck.js';
import { editionOf } from '../editions.js';
import { draw } from '../ops.js';
import { setPending } from '../pending.js';
import { charOf } from '../registry.js';
import { inGame, type Ctx } from '../state.js';
import type { GameState, StackItem } from '../types.js';
import type { CardRule } from './rule.js';
import { otherLivePlayer, wrongMoment } from './targets.js';

export const probe: CardRule = {
  name: '试探',
  needs: 'player',
  resolvedTo: 'removed',
  hidden: true,
  check(s, seat, step, a) {
    if (seat !== s.current || (step !== 'play1' && step !== 'play2'))
      return wrongMoment('试探', 'only in your own 出牌阶段');
    return otherLivePlayer(s, seat, a.target, '试探');
  },
  resolve(s, ctx, item) {
    const target = item.target!;
    const p = s.players[target];
    if (!inGame(p)) return;
    // A skill may answer the 试探 in place of the identity (城府).
    const def = s.chars && charOf(s, target);
    if (def && def.probed && def.probed(s, ctx, target, item)) return;
    probeOutcome(s, ctx, item, p.identity === s.cards[item.card].probe!.identity);
  },
};

/**
 * The target answers the 试探 as one who is (true) or is not (false) the identity it names. In 千智风声
 * (004) a right bet then gives its user a card too, after the target's draw or discard.
 */
export function probeOutcome(s: GameState, ctx: Ctx, item: StackItem, is: boolean): void {
  const target = item.target!;
  const p = s.players[target];
  const bet = s.cards[item.card].probe!;
  const userDraws = inGame(s.players[item.user]) ? editionOf(s).probe.userDraws : 0;
  if (!is) {
    ctx.ev.push({ to: 'all', type: 'probeResult', seat: target, by: item.user, result: 'deny', says: probeDenial(bet.branch) });
  } else if (bet.branch !== '弃一') {
    const n = bet.branch === '抽二' ? 2 : 1;
    ctx.ev.push({ to: 'all', type: 'probeResult', seat: target, by: item.user, result: 'draw', count: n });
    draw(s, ctx, target, n);
    if (userDraws) draw(s, ctx, item.user, userDraws);
  } else if (p.hand.length === 0) {
    ctx.ev.push({ to: 'all', type: 'probeResult', seat: target, by: item.user, result: 'discardNone' });
    if (userDraws) draw(s, ctx, item.user, userDraws);
  } else {
    ctx.ev.push({ to: 'all', type: 'probeResult', seat: target, by: item.user, result: 'discard' });
    setPending(s, ctx, { kind: 'discard', seat: target, reason: '试探', ...(userDraws ? { thenDraw: { seat: item.user, count: userDraws } } : {}) });
  }
}
