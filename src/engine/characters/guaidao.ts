// 怪盗九九 (003_…). 男, face up.
// 阴谋: 当一位玩家获得你传出的假情报时，你可以抽取任意一位玩家的一张手牌 — black intel he sent, taken by
//   someone or 截获'd; not one gained through 真伪莫辨 or a skill. [choice] Also when the one who gains it
//   is himself (it came back to him): unlike 计中计, 003 prints no exception.
// 阳谋: 当你获得另一位玩家传出的假情报时，你可以抽取任意一位玩家的一张手牌 — black intel another sent, taken
//   by him or 截获'd by him; not through 真伪莫辨 or a skill; not when the gain killed him.
// Both: 抽取 is one card at random from the hand, seen only by the two; a player with no hand gives
//   nothing (抽取无效), so only players with cards are offered. [choice] "任意一位玩家" is any other
//   player in the game (taking from one's own hand changes nothing).
// 机密任务: 获得九张或以上的手牌 (nine or more cards in hand).
import { randInt } from '../rng.js';
import type { GameState } from '../types.js';
import { inGame } from '../state.js';
import { liveOthers } from './common.js';
import type { AnswerWith, CharacterDef, Decide, DecideAction, DecideWith, SkillUse, TriggerSkill } from './skill.js';

export const black = (s: GameState, card: number | undefined) => card !== undefined && s.cards[card].color === '黑';

/**
 * 阴谋 and 阳谋: a card at random from the hand of a player, asked with `when`; `from` says from whom (003:
 * `anyOther`; 000: `named`), of whom those with cards are offered.
 */
export const takeFrom = <U extends SkillUse>(
  skill: string,
  t: Pick<TriggerSkill<U, 'intel'>, 'about' | 'when'>,
  from: (s: GameState, d: Decide & U) => number[],
): TriggerSkill<U> => ({
  skill,
  on: 'intel',
  ...t,
  choices(s, d) {
    const me = d.seat;
    const ts = from(s, d).filter((x) => s.players[x].hand.length > 0);
    if (ts.length === 0) return [];
    return [{ kind: 'decide', seat: me, option: 'no' }, ...ts.map((target): DecideAction => ({ kind: 'decide', seat: me, target }))];
  },
  names: (_s, _u, a: AnswerWith<'target'>) => ({ target: a.target }),
  effect(s, ctx, u, a: AnswerWith<'target'>) {
    const me = u.seat;
    const t = a.target;
    const from = s.players[t].hand;
    if (from.length === 0) return;
    const got = from.splice(randInt(s.rng, from.length), 1);
    s.players[me].hand.push(...got);
    ctx.ev.push({ to: 'all', type: 'handTaken', seat: me, from: t, count: 1 });
    ctx.ev.push({ to: [me, t], type: 'handTakenCards', seat: me, from: t, cards: got });
  },
});

/** 003: any other player in the game. */
export const anyOther = (s: GameState, d: Decide): number[] => liveOthers(s, d.seat);

/** 000: only the player the moment names (the gainer for 阴谋, the sender for 阳谋, kept in the data as `target`). */
export const named = (s: GameState, d: DecideWith<{ target: number }>): number[] =>
  [d.data.target].filter((x) => x !== d.seat && inGame(s.players[x]));

export const 怪盗九九: CharacterDef = {
  name: '怪盗九九',
  gender: '男',
  hidden: false,
  skills: ['阴谋', '阳谋'],
  active: [],
  triggers: [
    takeFrom('阴谋', { when: (s, _ctx, owner, info) => black(s, info.card) && info.sender === owner }, anyOther),
    takeFrom(
      '阳谋',
      {
        about: 'self',
        when: (s, _ctx, owner, info) => black(s, info.card) && info.sender >= 0 && info.sender !== owner,
      },
      anyOther,
    ),
  ],
  on: {},
  decide: {},
  mission: (s, seat) => s.players[seat].hand.length >= 9,
};
