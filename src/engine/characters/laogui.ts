// 老鬼 (003_… 角色详述; 机密任务 from 000_…, docs/rules.md §9). 女, 潜伏.
// 就计: 当你被试探或锁定时，可以翻开此角色，然后抽二张牌 — before the card takes effect when nobody
//   answers it; not once it was 识破'd (a negated card never reaches its effect).
// 城府: 你被试探时可以隐瞒身份 — face up: the target picks either of the 试探's actions. A face-down
//   老鬼 may first 就计 (flip) and then 城府.
// 遗志: 当你死亡时，可以把全部手牌面朝下递给一位玩家，他随机选择其中的三张作为情报 — face up only; before
//   the reveal; all of them when three or fewer; the choice is random (seeded).
// 机密任务 (000_…): 当你死亡时，展示你的手牌，里面有四张或以上的红色卡牌 — the hand as it was at the moment of
//   death, before 遗志 gives it away: noted then in her mark (`redAtDeath`: red cards in hand).
import { placeIntel } from '../outcome.js';
import { livePlayers, chengfuDecision, chengfuProbed, jiuji } from './common.js';
import { randInt } from '../rng.js';
import { countColor } from '../state.js';
import type { AnswerWith, CharacterDef, TriggerSkill } from './skill.js';

/** 遗志 (003 and 000 alike). */
export const yizhi: TriggerSkill = {
  skill: '遗志',
  on: 'death',
  about: 'self',
  ownDeath: true,
  when: (s, _ctx, owner) => s.players[owner].hand.length > 0,
  choices(s, d) {
    if (s.players[d.seat].hand.length === 0) return [];
    return [{ kind: 'decide', seat: d.seat, option: 'no' }, ...livePlayers(s).map((target) => ({ kind: 'decide' as const, seat: d.seat, target }))];
  },
  names: (s, u, a: AnswerWith<'target'>) => ({ target: a.target, count: Math.min(3, s.players[u.seat].hand.length) }),
  effect(s, ctx, u, a: AnswerWith<'target'>) {
    const hand = s.players[u.seat].hand;
    const picked: number[] = [];
    while (picked.length < 3 && hand.length > 0) picked.push(hand.splice(randInt(s.rng, hand.length), 1)[0]);
    placeIntel(s, ctx, a.target, picked, u.seat);
  },
};

export const 老鬼: CharacterDef = {
  name: '老鬼',
  gender: '女',
  hidden: true,
  skills: ['就计', '城府', '遗志'],
  active: [],
  triggers: [
    jiuji,
    yizhi,
  ],
  on: {},
  probed: chengfuProbed,
  decide: {
    城府: chengfuDecision,
  },
  notesAtDeath: { redAtDeath: (s, seat) => countColor(s, s.players[seat].hand, '红') },
  mission: (s, seat) => !s.players[seat].alive && (s.chars!.seats[seat].mark?.redAtDeath ?? 0) >= 4,
  missionWhenDead: true,
};
