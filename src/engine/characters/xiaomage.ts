// 小马哥 (003_…). 男, face up.
// 英雄本色: 当你获得假情报时，抽一张牌，然后可以在一位玩家面前放置一张假情报 — any black intel gained, however
//   (sent, 截获, 真伪莫辨, skills); the draw is mandatory and happens at once, then he may place one black
//   hand card as intel in front of any player in the game, himself included [choice] (a black intel he
//   places before himself triggers 英雄本色 again); the placement is credited (亲手) to him. Not when
//   the gain killed him.
// 机密任务: 一位潜伏战线玩家和一位军情处玩家死亡 (as 黄雀's).
import { placeFromHand } from '../outcome.js';
import { draw } from '../ops.js';
import { enqueue } from '../pending.js';
import { faceUp } from '../registry.js';
import { handOf, livePlayers } from './common.js';
import { inGame } from '../state.js';
import { 黄雀 } from './huangque.js';
import type { CharacterDef, DecideAction, Decision, TriggerSkill } from './skill.js';

/**
 * 英雄本色: 当你获得 (003: any; 000, `sentByOther`: 另一位玩家传出的) 假情报时，抽一张牌，然后可以在一位玩家面前放置一张
 * 假情报.
 */
export function yingxiongbenseOf(sentByOther: boolean): { trigger: TriggerSkill; decision: Decision } {
  return {
    trigger: {
      // draws at once; placing a black card is then asked
      skill: '英雄本色',
      on: 'intel',
      optional: false,
      about: 'self',
      when: (s, _ctx, owner, info) =>
        s.cards[info.card].color === '黑' && (!sentByOther || (info.sender >= 0 && info.sender !== owner)),
      effect(s, ctx, u) {
        draw(s, ctx, u.seat, 1);
        enqueue(s, u.seat, '英雄本色', 'place');
      },
    },
    decision: {
      choices(s, d) {
        const me = d.seat;
        if (!faceUp(s, me) || !inGame(s.players[me])) return [];
        const black = handOf(s, me, '黑');
        if (black.length === 0) return [];
        const out: DecideAction[] = [{ kind: 'decide', seat: me, option: 'no' }];
        for (const target of livePlayers(s)) for (const card of black) out.push({ kind: 'decide', seat: me, target, card });
        return out;
      },
      answer(s, ctx, d, a) {
        if (a.card === undefined || a.target === undefined) return;
        const me = d.seat;
        ctx.ev.push({ to: 'all', type: 'skillUsed', seat: me, skill: '英雄本色', target: a.target });
        placeFromHand(s, ctx, me, a.target, [a.card]);
      },
    },
  };
}

const yxbs = yingxiongbenseOf(false);

export const 小马哥: CharacterDef = {
  name: '小马哥',
  gender: '男',
  hidden: false,
  skills: ['英雄本色'],
  active: [],
  triggers: [yxbs.trigger],
  on: {},
  decide: { 英雄本色: yxbs.decision },
  mission: 黄雀.mission,
};
