// 小白 (003_…). 性别 ？ (男女), 公开 (face up).
// 乔装: 此角色既视为男性也视为女性 — gender '男女' (isFemale and isMale both hold while face up). The
//   engine's gender checks are queries; where one decides an effect, registry.ts countsAs() shows 乔装
//   as used (perks.bothGenders).
// 收买: 把你的四张手牌交给一位玩家，然后获得他面前的一张情报 — at any time (any window, any turn), face up,
//   needs four or more hand cards; the target cannot refuse. [choice] another player in the game, with or
//   without intel (with none, the four cards are only given). The skill names the target; when it
//   resolves 小白 chooses the four cards one at a time, then one intel in front of him (any colour), which
//   becomes 小白's intel (获得情报: face up in front of him, 003 游戏术语; he is credited with its effect).
//   [choice] With fewer than four hand cards at resolution it does nothing.
// 败露: 当你获得六张或以上的情报时，你输掉这场游戏 — losing, not dying (no death skills); checked before any
//   declaration, so it beats a victory met at the same moment (003: 当获得六张情报并同时达到胜利条件时，视为
//   输掉游戏), and before the death a third black would bring (优先原则: 角色技能 > 游戏规则; outcome.ts
//   losesNow, docs/rules.md §9): a sixth intel that is his third black leaves him out, not dead, so he is
//   not the first to die. [choice] Only while face up.
// 机密任务: 你第一个死亡，或潜伏战线与军情处其中一方全灭 — 003: an 打酱油 小白 who is the first to die (by three
//   假情报) wins (a mission about his own death); 全灭 = every member of that faction dead or out, while
//   小白 is alive.
import { gainIntel } from '../outcome.js';
import { askInline } from '../pending.js';
import { faceUp } from '../registry.js';
import { liveOthers, otherLive, notNow, wiped } from './common.js';
import { inGame, removeFrom } from '../state.js';
import type { ActiveSkill, AnswerWith, CharacterDef, DecideAction, DecideAt, Decision, ItemWith } from './skill.js';

/** 收买's question: the four cards one at a time (`given` so far), then one intel of the target. */
type Shoumai = DecideAt<'give', { target: number; given: readonly number[] }> | DecideAt<'take', { target: number }>;

/**
 * 收买: 把你的 n 张手牌交给一位玩家，然后获得他面前的一张情报 — 003: four; 000: three. The same mechanism
 * for both (see above).
 */
export function shoumaiOf(n: number): { active: ActiveSkill; decision: Decision<Shoumai> } {
  const words = ['zero', 'one', 'two', 'three', 'four'][n];
  return {
    active: {
      name: '收买',
      candidates: (s, seat) => liveOthers(s, seat).map((target) => ({ kind: 'skill' as const, seat, skill: '收买', target })),
      check(s, seat, _step, a) {
        if (s.players[seat].hand.length < n) return notNow('收买', `it needs ${words} hand cards`);
        return otherLive(s, seat, a.target, '收买');
      },
      resolve(s, ctx, item: ItemWith<'target'>) {
        const me = item.user;
        const t = item.target;
        if (!inGame(s.players[me]) || !inGame(s.players[t]) || s.players[me].hand.length < n) return;
        askInline(s, ctx, me, '收买', 'give', { target: t, given: [] });
      },
    },
    decision: {
      choices(s, d) {
        const me = d.seat;
        const t = d.data.target;
        if (d.stage === 'give') {
          const given = d.data.given;
          return s.players[me].hand.filter((card) => !given.includes(card)).map((card): DecideAction => ({ kind: 'decide', seat: me, card }));
        }
        return s.players[t].intel.map((card): DecideAction => ({ kind: 'decide', seat: me, card }));
      },
      answer(s, ctx, d, a: AnswerWith<'card'>) {
        const me = d.seat;
        const t = d.data.target;
        if (d.stage === 'give') {
          const given = d.data.given.concat(a.card);
          if (given.length < n) {
            askInline(s, ctx, me, '收买', 'give', { target: t, given });
            return;
          }
          const hand = s.players[me].hand;
          for (const c of given) removeFrom(hand, c);
          s.players[t].hand.push(...given);
          ctx.ev.push({ to: 'all', type: 'handGiven', seat: me, target: t, count: given.length });
          ctx.ev.push({ to: [me, t], type: 'handGivenCards', seat: me, target: t, cards: given });
          if (s.players[t].intel.length > 0) askInline(s, ctx, me, '收买', 'take', { target: t });
          return;
        }
        removeFrom(s.players[t].intel, a.card);
        ctx.ev.push({ to: 'all', type: 'intelMoved', from: t, seat: me, card: a.card });
        gainIntel(s, ctx, me, a.card, me);
      },
    },
  };
}

const shoumai = shoumaiOf(4);

export const 小白: CharacterDef = {
  name: '小白',
  gender: '男女',
  hidden: false,
  skills: ['乔装', '收买', '败露'],
  perks: { bothGenders: '乔装' },
  active: [shoumai.active],
  on: {},
  decide: { 收买: shoumai.decision },
  loses: (s, seat) => (faceUp(s, seat) && s.players[seat].intel.length >= 6 ? '败露' : false),
  mission(s, seat) {
    if (!s.players[seat].alive) return s.chars!.seats[seat].deathNo === 1;
    return wiped(s, '潜伏战线') || wiped(s, '军情处');
  },
  missionWhenDead: true,
};
