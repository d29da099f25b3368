// 刀锋 (003_… 角色详述). 男.
// 亮剑: 你的试探和退回可以当作锁定使用 — face up; a 试探 or 退回 of his hand is used as 锁定 with 锁定's
//   rules (his own turn, 出牌阶段 or 传递); it is a card, so 识破 answers it; a 试探 used so stays face down.
//   After it resolves the card goes where a 锁定 goes (the discard pile).
// 嗜血: 当另一位玩家死亡时，你可以抽四张牌，然后选择一张手牌分给任意一位玩家 — face up; not on your own
//   death; also when the dead player is later saved; the card goes to any player in the game, yourself
//   included (then it stays).
// 机密任务: 一位潜伏战线玩家和一位军情处玩家死亡.
import { draw } from '../ops.js';
import { askNext } from '../pending.js';
import { livePlayers, giveCard, giveChoices } from './common.js';
import { inGame } from '../state.js';
import type { CharacterDef } from './skill.js';

export const 刀锋: CharacterDef = {
  name: '刀锋',
  gender: '男',
  hidden: false,
  skills: ['亮剑', '嗜血'],
  playsAs: (s, _seat, card) => (s.cards[card].name === '试探' || s.cards[card].name === '退回' ? [{ as: '锁定', skill: '亮剑' }] : []),
  active: [],
  triggers: [
    {
      skill: '嗜血',
      on: 'death',
      about: 'other',
      effect(s, ctx, u) {
        draw(s, ctx, u.seat, 4);
        askNext(s, u.seat, '嗜血', 'give');
      },
      then: {
        // Yourself first: the default on timeout keeps the card.
        choices: (s, d) => (inGame(s.players[d.seat]) ? giveChoices(s, d.seat, [d.seat, ...livePlayers(s).filter((t) => t !== d.seat)]) : []),
        answer: (s, ctx, d, a) => giveCard(s, ctx, d.seat, a.target!, a.card!, '嗜血'),
      },
    },
  ],
  on: {},
  decide: {},
  mission: (s) =>
    s.players.some((p) => !p.alive && p.identity === '潜伏战线') && s.players.some((p) => !p.alive && p.identity === '军情处'),
};
