// 大美女 (003_…). 女, face up.
// 精明: 你的抽牌阶段改为抽三张牌，然后选择一张手牌放回牌库顶 — only the draw phase of her own turn (003);
//   putting one back is part of it (mandatory; the default on timeout is the first hand card). The
//   others see that a card went back, not which.
// 爱情: 翻开你的身份牌，然后烧毁二张假情报 — once (her identity card, once shown, stays shown: the cost is
//   checked and paid by the framework when she uses it, docs/rules.md §11); at any
//   time [choice]: every response window, like the other skills without a timing; two black intel in
//   front of one player or one each in front of two, herself allowed (003); a skill, so 识破 cannot
//   answer it. [choice] It needs two black intel on the table to be used at all.
// 机密任务: 当一位男性角色宣告胜利时，你获得的假情报少于等于一张 (joins the declaration).
import { inGame } from '../state.js';
import { enqueue } from '../pending.js';
import { isMale } from '../registry.js';
import { subsets, handCardChoices, isCardList, notNow } from './common.js';
import { burnIntel, handToDeckTop, intelOwner } from '../ops.js';
import type { ActiveSkill, AnswerWith, CharacterDef, Decision, TriggerSkill } from './skill.js';
import type { GameState } from '../types.js';

const blackOnTable = (s: GameState): number[] => {
  const out: number[] = [];
  for (const p of s.players) if (inGame(p)) for (const c of p.intel) if (s.cards[c].color === '黑') out.push(c);
  return out;
};

/**
 * 爱情: 翻开你的身份牌，然后烧毁 n 张假情报 (003: two, in front of one player or one each in front of two; 000:
 * one, 任意玩家的) — it needs n black intel on the table to be used.
 */
export function aiqingOf(n: number): ActiveSkill {
  const words = n === 1 ? 'one black intel' : 'two black intel';
  // One intel is named as every skill that names one names it (`intel`); a list of one is taken too.
  const named = (a: { cards?: number[]; intel?: number }) => a.cards ?? (n === 1 && a.intel !== undefined ? [a.intel] : undefined);
  return {
    name: '爱情',
    showsIdentity: true,
    candidates: (s, seat) =>
      subsets(blackOnTable(s), n, n).map((cards) => (n === 1 ? { kind: 'skill' as const, seat, skill: '爱情', intel: cards[0] } : { kind: 'skill' as const, seat, skill: '爱情', cards })),
    check(s, _seat, _step, a) {
      const cards = named(a);
      const ok =
        (n !== 1 || a.cards === undefined || a.intel === undefined) &&
        isCardList(cards) &&
        cards.length === n &&
        cards.every((c) => c >= 0 && c < s.cards.length && s.cards[c].color === '黑' && intelOwner(s, c) >= 0 && inGame(s.players[intelOwner(s, c)]));
      return ok ? null : notNow('爱情', `name ${words} in front of players`);
    },
    resolve(s, ctx, item) {
      const me = item.user;
      if (!inGame(s.players[me])) return;
      for (const c of named(item) ?? []) if (intelOwner(s, c) >= 0 && inGame(s.players[intelOwner(s, c)])) burnIntel(s, ctx, c);
    },
  };
}

/** 精明 (003 and 000 alike): after the draw of three (the perk), one hand card back on top of the deck, asked at once. */
export const jingming: { trigger: TriggerSkill; decision: Decision } = {
  trigger: {
    skill: '精明',
    on: 'draw',
    about: 'self',
    optional: false,
    silent: true,
    when: (s, _ctx, owner) => s.players[owner].hand.length > 0,
    effect: (s, _ctx, u) => enqueue(s, u.seat, '精明', 'back'),
  },
  decision: {
    choices: (s, d) => handCardChoices(s, d.seat),
    answer: (s, ctx, d, a: AnswerWith<'card'>) => handToDeckTop(s, ctx, d.seat, a.card, '精明'),
  },
};

export const 大美女: CharacterDef = {
  name: '大美女',
  gender: '女',
  hidden: false,
  skills: ['精明', '爱情'],
  perks: { drawCount: { n: 3, skill: '精明' } },
  active: [aiqingOf(2)],
  triggers: [jingming.trigger],
  on: {},
  decide: { 精明: jingming.decision },
  mission: () => false,
  joins: (s, seat, d) =>
    isMale(s, d.seat) && s.players[seat].intel.filter((c) => s.cards[c].color === '黑').length <= 1,
};
