// 礼服蒙面人 (003_…). 男, face up.
// 英雄: 当你获得假情报时，你可以抽二张牌 — any black intel he gains, however (sent, 截获, 真伪莫辨, skills:
//   003 "被角色技能或【真伪莫辨】放置假情报时也可以抽牌"); not when the gain killed him.
// 救美: 当一位女性死亡时，可以翻开你的身份牌，然后烧毁自己与她面前的所有假情报来拯救她 — face up; not
//   himself (003); a female = a face-up female character (rulings §9). His identity is shown to all
//   (the cost, paid by the framework: only while his identity card is face down, so once; §13);
//   she is alive again, reveals nothing, and her death is undone in the records (framework's
//   undoDeath), so no 机密任务 or skill that counts deaths, killings or their order counts it (rulings
//   §13; 刀锋's 嗜血 says it triggers anyway); the framework then skips the clean-up. [choice] Not when her identity card was taken by 临危受命 meanwhile.
// 机密任务: 一位女性宣告胜利 (joins the declaration).
import { draw } from '../flow.js';
import { inGame } from '../state.js';
import { countsAs, enqueue, faceUp, isFemale, undoDeath } from './framework.js';
import { burnIntel, YES_NO } from './common.js';
import type { CharacterDef } from './skill.js';

export const 礼服蒙面人: CharacterDef = {
  name: '礼服蒙面人',
  gender: '男',
  hidden: false,
  skills: ['英雄', '救美'],
  active: [],
  on: {
    intel(s, _ctx, owner, info) {
      if (info.seat !== owner || s.cards[info.card!].color !== '黑') return;
      if (!faceUp(s, owner) || !inGame(s.players[owner])) return;
      enqueue(s, owner, '英雄');
    },
    death(s, ctx, owner, info) {
      if (info.seat === owner || !faceUp(s, owner) || !inGame(s.players[owner])) return;
      if (!countsAs(s, ctx, info.seat, '女')) return;
      enqueue(s, owner, '救美', 'use', { seat: info.seat });
    },
  },
  decide: {
    英雄: {
      choices: (s, d) => (faceUp(s, d.seat) && inGame(s.players[d.seat]) ? YES_NO : []),
      answer(s, ctx, d, a) {
        if (a.option !== 'yes') return;
        ctx.ev.push({ to: 'all', type: 'skillUsed', seat: d.seat, skill: '英雄' });
        draw(s, ctx, d.seat, 2);
      },
    },
    救美: {
      showsIdentity: true,
      choices(s, d) {
        const her = d.data!.seat as number;
        const c = s.chars!;
        if (!faceUp(s, d.seat) || !inGame(s.players[d.seat])) return [];
        if (s.players[her].alive || s.players[her].out || s.gone.includes(her) || c.seats[her].identityGone) return [];
        return YES_NO;
      },
      answer(s, ctx, d, a) {
        if (a.option !== 'yes') return;
        const me = d.seat;
        const her = d.data!.seat as number;
        ctx.ev.push({ to: 'all', type: 'skillUsed', seat: me, skill: '救美', target: her });
        for (const seat of [me, her])
          for (const card of s.players[seat].intel.filter((x) => s.cards[x].color === '黑')) burnIntel(s, ctx, card);
        undoDeath(s, her);
        ctx.ev.push({ to: 'all', type: 'saved', seat: her, by: me });
      },
    },
  },
  mission: () => false,
  joins: (s, _seat, d) => isFemale(s, d.seat),
};
