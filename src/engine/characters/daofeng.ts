// 刀锋 (003_… 角色详述). 男.
// 亮剑: 你的试探和退回可以当作锁定使用 — face up; a 试探 or 退回 of his hand is used as 锁定 with 锁定's
//   rules (his own turn, 出牌阶段 or 传递); it is a card, so 识破 answers it; a 试探 used so stays face down.
//   After it resolves the card goes where a 锁定 goes (the discard pile).
// 嗜血: 当另一位玩家死亡时，你可以抽四张牌，然后选择一张手牌分给任意一位玩家 — face up; not on your own
//   death; also when the dead player is later saved; the card goes to any player in the game, yourself
//   included (then it stays).
// 机密任务: 一位潜伏战线玩家和一位军情处玩家死亡.
import { draw } from '../ops.js';
import { askNext, enqueue } from '../pending.js';
import { faceUp } from '../registry.js';
import { livePlayers, giveCard, giveChoices, YES_NO } from './common.js';
import { inGame } from '../state.js';
import type { CharacterDef } from './skill.js';

export const 刀锋: CharacterDef = {
  name: '刀锋',
  gender: '男',
  hidden: false,
  skills: ['亮剑', '嗜血'],
  playsAs: (s, _seat, card) => (s.cards[card].name === '试探' || s.cards[card].name === '退回' ? [{ as: '锁定', skill: '亮剑' }] : []),
  active: [],
  on: {
    death(s, _ctx, owner, info) {
      if (info.seat === owner || !faceUp(s, owner) || !inGame(s.players[owner])) return;
      enqueue(s, owner, '嗜血');
    },
  },
  decide: {
    嗜血: {
      choices(s, d) {
        const me = d.seat;
        if (!inGame(s.players[me])) return [];
        if (d.stage === 'use') return faceUp(s, me) ? YES_NO : [];
        // Yourself first: the default on timeout keeps the card.
        return giveChoices(s, me, [me, ...livePlayers(s).filter((t) => t !== me)]);
      },
      answer(s, ctx, d, a) {
        const me = d.seat;
        if (d.stage === 'use') {
          if (a.option !== 'yes') return;
          ctx.ev.push({ to: 'all', type: 'skillUsed', seat: me, skill: '嗜血' });
          draw(s, ctx, me, 4);
          askNext(s, me, '嗜血', 'give');
          return;
        }
        giveCard(s, ctx, me, a.target!, a.card!, '嗜血');
      },
    },
  },
  mission: (s) =>
    s.players.some((p) => !p.alive && p.identity === '潜伏战线') && s.players.some((p) => !p.alive && p.identity === '军情处'),
};
