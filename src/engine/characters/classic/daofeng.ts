// 刀锋·初版 (000_…). 男, face up.
// 铁血: 你的锁定不能被识破 — a perk: every 锁定 he uses, a 试探 used as 锁定 (亮剑) included (rulings §12);
//   announced when he uses one.
// 亮剑: 你的试探可以当作锁定使用 — 003's 亮剑 without 退回.
// 嗜血: 当一位玩家死亡时，你可以抽二张牌，然后把一张手牌分给左手边的第一位玩家 — not on his own death (003); also
//   when the dead player is saved (★); 左手边的第一位玩家 is the nearest previous seat still in the game (rulings §12).
// 机密任务: 潜伏战线全灭.
import { faceUp } from '../../registry.js';
import { inGame } from '../../state.js';
import { wiped } from '../common.js';
import { liangjianOf, shixueOf } from '../daofeng.js';
import type { CharacterDef } from '../skill.js';
import type { GameState } from '../../types.js';

/** 左手边的第一位玩家: the nearest previous seat still in the game (none but himself: nobody). */
function leftOf(s: GameState, me: number): number[] {
  const n = s.players.length;
  for (let k = 1; k < n; k++) if (inGame(s.players[(me - k + n) % n])) return [(me - k + n) % n];
  return [];
}

export const 刀锋初版: CharacterDef = {
  name: '刀锋·初版',
  gender: '男',
  hidden: false,
  skills: ['铁血', '亮剑', '嗜血'],
  perks: { lockUncounterable: '铁血' },
  playsAs: liangjianOf(['试探']),
  active: [],
  triggers: [shixueOf(2, leftOf)],
  on: {
    cardUsed(s, ctx, owner, info) {
      const it = info.item;
      if (it.user === owner && it.as === '锁定' && faceUp(s, owner)) ctx.ev.push({ to: 'all', type: 'skillUsed', seat: owner, skill: '铁血' });
    },
  },
  decide: {},
  mission: (s) => wiped(s, '潜伏战线'),
  missionWhenDead: true,
};
