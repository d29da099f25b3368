// The strong policy's knowledge of skills several characters share (就计, 城府), and the ways of
// answering that several skills share. Each character's own knowledge is in its <pinyin>.ts here.
import { BLACK, idIndex, SOY } from '../cards.js';
import { teach, type DecideCtx, type SkillKnowledge } from '../strong-kit.js';
import type { Action } from '../../engine/index.js';
import { intelOwnerIn } from '../../engine/index.js';

/** Always yes: free cards, a card taken, a sole victory, a flip that can be used again. */
export const yes = (c: DecideCtx): Action => c.by((a) => (a.option === 'yes' ? 1 : 0));

/**
 * "yes", then a card goes back on the deck or to a player: the least worth keeping, to whoever is
 * most on our side (ourselves where allowed). 隔墙有耳, 嗜血, 笙歌, 精明, 攻守兼备, 联动.
 */
export const giveLeast: SkillKnowledge = {
  decide(c) {
    if (c.stage === 'use') return yes(c);
    const tb = c.tb;
    return c.by((a) => {
      const card = a.card === undefined ? undefined : c.handById.get(a.card);
      if (!card) return -Infinity;
      const share = a.target === undefined ? 0 : a.target === tb.me ? 1 : tb.ally(a.target);
      return (share - 1) * tb.keep(card);
    });
  },
};

/** A black intel from the hand before a player, or a random card taken from one. 英雄本色, 连击, 笑里藏刀, 绝密, 阴谋, 阳谋. */
export const blackOrTake: SkillKnowledge = {
  decide(c) {
    const tb = c.tb;
    const v = tb.v;
    return c.by((a) => {
      if (a.target === undefined) return 0;
      if (a.card === undefined) return 0.5 + 0.5 * (1 - tb.ally(a.target)) + 0.05 * (v.players[a.target].handCount ?? 0);
      const dies = tb.counts[a.target][BLACK] + 1 >= 3;
      return tb.addValue(a.target, [0, 0, 1]) + (dies ? tb.killBonus(a.target) : 0) - 0.5;
    });
  },
};

/** An intel leaves the table for a hand (偷天: that hand is a player's we name). 时差, 偷天. */
export const intelToHand: SkillKnowledge = {
  decide(c) {
    const tb = c.tb;
    const v = tb.v;
    return c.by((a) => {
      if (a.card === undefined) return 0;
      const owner = intelOwnerIn(v, a.card);
      if (owner < 0) return -Infinity;
      const gift = a.target === undefined ? 0.5 : a.target === tb.me ? 0.5 : 0.5 * tb.ally(a.target);
      return tb.removeValue(owner, v.players[owner].intel.filter((x) => x.id === a.card)) + gift;
    });
  },
};

/** Black cards from the hand in front of a player (黄雀在后 also shows our identity to all). 血染玫瑰, 黄雀在后. */
export function blackFromHand(c: DecideCtx, showsIdentity: boolean): Action {
  const tb = c.tb;
  return c.by((a) => {
    if (a.option === 'no' || a.target === undefined) return 0;
    const k = c.colorsOf(a.cards);
    const dies = tb.counts[a.target][BLACK] + k[BLACK] >= 3;
    const shown = showsIdentity ? (tb.my === SOY ? 1.5 : 4) : 0;
    return tb.addValue(a.target, k) + (dies ? tb.killBonus(a.target) : 0) - 0.5 * k[BLACK] - shown;
  });
}

teach(null, {
  skills: {
    // flip, draw two
    就计: { decide: yes },
    城府: {
      // comply: the 试探 does what it says and its user learns the truth (or a lie);
      // deny: nothing happens and it looks like a no.
      decide(c) {
        const tb = c.tb;
        const item = [...tb.v.stack].reverse().find((it) => it.as === '试探' && it.target === tb.me);
        const bet = item?.card?.probe;
        if (!bet || !item) return c.legal[0];
        const is = idIndex(bet.identity) === tb.my;
        const enemy = 1 - tb.ally(item.user);
        const effect = bet.branch === '抽二' ? 3 : -1.5;
        return c.by((a) => {
          const comply = a.option === 'comply';
          const misled = comply !== is;
          return (comply ? effect : 0) + enemy * (misled ? 2 : comply ? -3 : -1);
        });
      },
    },
  },
});

