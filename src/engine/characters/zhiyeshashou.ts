// 职业杀手 (003_…). 男, not hidden (face up from the start).
// 连击: 当一位玩家获得你传出的假情报时，你抽一张牌，然后可以在他面前再放置一张假情报 — only intel he sent
//   (taken, 截获'd, or come back to him), not 真伪莫辨 nor skills; the draw is mandatory, the 假情报 is a
//   black hand card, optional. [choice] "一位玩家" includes himself (intel back to its sender); the draw
//   happens even if the gainer died of that intel, the placing only before a player still in the game.
// 预谋: 你的调虎离山可以当作锁定使用 — the card keeps its colour; 识破 can answer it; still a 锁定 (own turn).
// 机密任务: 亲手让另一位玩家成为第二位或以后死亡的玩家 — not himself; 亲手 = SeatChar.killedBy.
import { placeFromHand } from '../outcome.js';
import { draw } from '../ops.js';
import { enqueue } from '../pending.js';
import { faceUp } from '../registry.js';
import { handOf } from './common.js';
import { inGame } from '../state.js';
import type { AnswerOr, CharacterDef, DecideAction, DecideWith, Decision, TriggerSkill, UseWith } from './skill.js';

/** 连击's data: the player who gained the intel. */
type Gainer = { target: number };

/**
 * 连击: 当一位玩家获得你传出的假情报时，(003: 你抽一张牌，然后) 可以在他面前再放置一张假情报 — `draws` 1 (003)
 * or 0 (000). With no draw nothing happens at once: only the placing is asked, and announced when used.
 */
export function lianjiOf(draws: number): { trigger: TriggerSkill<UseWith<Gainer>>; decision: Decision<DecideWith<Gainer>> } {
  return {
    trigger: {
      skill: '连击',
      on: 'intel',
      optional: false,
      silent: draws === 0,
      when: (s, _ctx, owner, info) => info.sender === owner && s.cards[info.card].color === '黑' && { target: info.seat },
      names: (_s, u) => ({ target: u.data.target }),
      effect(s, ctx, u) {
        if (draws > 0) draw(s, ctx, u.seat, draws);
        enqueue(s, u.seat, '连击', 'place', { target: u.data.target });
      },
    },
    decision: {
      choices(s, d) {
        const me = d.seat;
        const t = d.data.target;
        if (!faceUp(s, me) || !inGame(s.players[me]) || !inGame(s.players[t])) return [];
        const black = handOf(s, me, '黑');
        if (black.length === 0) return [];
        return [{ kind: 'decide', seat: me, option: 'no' }, ...black.map((card): DecideAction => ({ kind: 'decide', seat: me, target: t, card }))];
      },
      answer(s, ctx, d, a: AnswerOr<'no', 'target' | 'card'>) {
        if (a.card === undefined) return;
        const me = d.seat;
        if (draws === 0) ctx.ev.push({ to: 'all', type: 'skillUsed', seat: me, skill: '连击', target: a.target });
        placeFromHand(s, ctx, me, a.target, [a.card]);
      },
    },
  };
}

const lianji = lianjiOf(1);

export const 职业杀手: CharacterDef = {
  name: '职业杀手',
  gender: '男',
  hidden: false,
  skills: ['连击', '预谋'],
  playsAs: (s, _seat, card) => (s.cards[card].name === '调虎离山' ? [{ as: '锁定', skill: '预谋' }] : []),
  active: [],
  triggers: [lianji.trigger],
  on: {},
  decide: { 连击: lianji.decision },
  mission: (s, seat) =>
    s.chars!.seats.some((x, i) => i !== seat && !s.players[i].alive && x.killedBy === seat && (x.deathNo ?? 0) >= 2),
};
