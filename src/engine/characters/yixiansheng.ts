// 易先生 (003_…). 男, 公开 (face up).
// 贪婪: 你的抽牌阶段改为抽三张牌 — a draw-count perk.
// 洞察: 你的退回和截获可以当作识破使用 — any 退回 or 截获 in hand, with 识破's rule (any moment, against a card).
// 情仇: 若你被女性杀死，则她可以宣告单独胜利 — his killer (亲手: the death's `by`) is a face-up female character
//   (小白 counts, 乔装) at the moment of his death; she decides (a decision of his character, answered by
//   her); 003: a female player cannot win by killing herself, so she must still be in the game. [choice]
//   It needs 易先生 face up when he dies (a skill of a face-down character does not work).
// 机密任务: 当一位玩家宣告胜利时，已有玩家死亡。你的胜利会导致他的宣告失败 — some player has died (losing is not
//   dying); it takes over another's declaration (the framework's overturns).
import { declare } from '../outcome.js';
import { countsAs, faceUp } from '../registry.js';
import { enqueueFor } from '../pending.js';
import { inGame } from '../state.js';
import { YES_NO } from './common.js';
import type { CharacterDef } from './skill.js';

export const 易先生: CharacterDef = {
  name: '易先生',
  gender: '男',
  hidden: false,
  skills: ['贪婪', '洞察', '情仇'],
  perks: { drawCount: { n: 3, skill: '贪婪' } },
  playsAs: (s, _seat, card) => (s.cards[card].name === '退回' || s.cards[card].name === '截获' ? [{ as: '识破', skill: '洞察' }] : []),
  active: [],
  on: {
    death(s, ctx, owner, info) {
      const k = info.by ?? -1;
      if (info.seat !== owner || k < 0 || k === owner || !faceUp(s, owner)) return;
      if (!inGame(s.players[k]) || !countsAs(s, ctx, k, '女')) return;
      enqueueFor(s, owner, k, '情仇');
    },
  },
  decide: {
    情仇: {
      choices: (s, d) => (inGame(s.players[d.seat]) ? YES_NO : []),
      answer(s, ctx, d, a) {
        if (a.option !== 'yes') return;
        ctx.ev.push({ to: 'all', type: 'skillUsed', seat: d.seat, skill: '情仇', of: d.of });
        declare(s, ctx, d.seat, 'sole');
      },
    },
  },
  mission: () => false,
  overturns: (s) => s.players.some((p) => !p.alive),
};
