// 刀锋 (003_… 角色详述). 男.
// 亮剑: 你的试探和退回可以当作锁定使用 — face up; a 试探 or 退回 of his hand is used as 锁定 with 锁定's
//   rules (his own turn, 出牌阶段 or 传递); it is a card, so 识破 answers it; a 试探 used so stays face down.
//   After it resolves the card goes where a 锁定 goes (the discard pile).
// 嗜血: 当另一位玩家死亡时，你可以抽四张牌，然后选择一张手牌分给任意一位玩家 — face up; not on your own
//   death; also when the dead player is later saved; the card goes to any player in the game, yourself
//   included (then it stays).
// 机密任务: 一位潜伏战线玩家和一位军情处玩家死亡.
import { draw, giveCard } from '../ops.js';
import { askNext } from '../pending.js';
import { livePlayers, giveChoices } from './common.js';
import { inGame } from '../state.js';
import type { AnswerWith, CharacterDef, TriggerSkill } from './skill.js';
import type { CardName, GameState } from '../types.js';

/** 亮剑: 你的 (003: 试探和退回; 000: 试探) 可以当作锁定使用. */
export const liangjianOf =
  (cards: CardName[]): NonNullable<CharacterDef['playsAs']> =>
  (s, _seat, card) =>
    cards.includes(s.cards[card].name) ? [{ as: '锁定', skill: '亮剑' }] : [];

/**
 * 嗜血: 当另一位玩家死亡时，你可以抽 n 张牌，然后把一张手牌分给 `to` (003: four, 任意一位玩家 — himself first,
 * the default keeps the card; 000: two, 左手边的第一位玩家).
 */
export function shixueOf(n: number, to: (s: GameState, me: number) => number[]): TriggerSkill {
  return {
    skill: '嗜血',
    on: 'death',
    about: 'other',
    effect(s, ctx, u) {
      draw(s, ctx, u.seat, n);
      askNext(s, u.seat, '嗜血', 'give');
    },
    then: {
      choices: (s, d) => (inGame(s.players[d.seat]) ? giveChoices(s, d.seat, to(s, d.seat)) : []),
      answer: (s, ctx, d, a: AnswerWith<'target' | 'card'>) => giveCard(s, ctx, d.seat, a.target, a.card, '嗜血'),
    },
  };
}

export const 刀锋: CharacterDef = {
  name: '刀锋',
  gender: '男',
  hidden: false,
  skills: ['亮剑', '嗜血'],
  playsAs: liangjianOf(['试探', '退回']),
  active: [],
  triggers: [shixueOf(4, (s, me) => [me, ...livePlayers(s).filter((t) => t !== me)])],
  on: {},
  decide: {},
  mission: (s) =>
    s.players.some((p) => !p.alive && p.identity === '潜伏战线') && s.players.some((p) => !p.alive && p.identity === '军情处'),
};
