// 礼服蒙面人 (003_…). 男, face up.
// 英雄: 当你获得假情报时，你可以抽二张牌 — any black intel he gains, however (sent, 截获, 真伪莫辨, skills:
//   003 "被角色技能或【真伪莫辨】放置假情报时也可以抽牌"); not when the gain killed him.
// 救美: 当一位女性死亡时，可以翻开你的身份牌，然后烧毁自己与她面前的所有假情报来拯救她 — face up; not
//   himself (003); a female = a face-up female character (docs/rules.md §11). His identity is shown to all
//   (the cost, paid by the framework: only while his identity card is face down, so once; docs/rules.md §11);
//   she is alive again, reveals nothing, and her death is undone in the records (outcome.ts
//   undoDeath), so no 机密任务 or skill that counts deaths, killings or their order counts it (docs/rules.md
//   §11; 刀锋's 嗜血 says it triggers anyway); the framework then skips the clean-up. [choice] Not when her identity card was taken by 临危受命 meanwhile.
// 机密任务: 一位女性宣告胜利 (joins the declaration).
import { draw, burnIntel } from '../ops.js';
import { countsAs, identityGone, isFemale } from '../registry.js';
import { undoDeath } from '../outcome.js';
import type { CharacterDef, TriggerSkill, UseWith } from './skill.js';
import type { GameState } from '../types.js';

/** 英雄 (003 and 000 alike). */
export const yingxiong: TriggerSkill = {
  skill: '英雄',
  on: 'intel',
  about: 'self',
  when: (s, _ctx, _owner, info) => s.cards[info.card].color === '黑',
  effect: (s, ctx, u) => draw(s, ctx, u.seat, 2),
};

/**
 * 救美: 当一位女性死亡时，可以翻开你的身份牌，然后烧毁 (`burns`: 003 自己与她面前的所有假情报; 000 她面前的二张
 * 假情报) 来拯救她. `may`: whether burning them saves her at all (000: not with five or more black).
 */
export function jiumeiOf(burns: (s: GameState, me: number, her: number) => number[], may: (s: GameState, her: number) => boolean = () => true): TriggerSkill<UseWith<{ seat: number }>> {
  return {
    skill: '救美',
    on: 'death',
    showsIdentity: true,
    about: 'other',
    when: (s, ctx, _owner, info) => may(s, info.seat) && countsAs(s, ctx, info.seat, '女') && { seat: info.seat },
    still(s, d) {
      const her = d.data.seat;
      return !(s.players[her].alive || s.players[her].out || s.gone.includes(her) || identityGone(s, her)) && may(s, her);
    },
    names: (_s, u) => ({ target: u.data.seat }),
    effect(s, ctx, u) {
      const me = u.seat;
      const her = u.data.seat;
      for (const card of burns(s, me, her)) burnIntel(s, ctx, card);
      undoDeath(s, her);
      ctx.ev.push({ to: 'all', type: 'saved', seat: her, by: me });
    },
  };
}

export const 礼服蒙面人: CharacterDef = {
  name: '礼服蒙面人',
  gender: '男',
  hidden: false,
  skills: ['英雄', '救美'],
  active: [],
  triggers: [yingxiong, jiumeiOf((s, me, her) => [me, her].flatMap((seat) => s.players[seat].intel.filter((x) => s.cards[x].color === '黑')))],
  on: {},
  decide: {},
  mission: () => false,
  joins: (s, _seat, d) => isFemale(s, d.seat),
};
