// 黑手 (003_…). 男, 公开 (face up).
// 残忍: 你的文本卡牌可以当作锁定使用 — any hand card whose mode is 文本; 锁定's own rule still holds (own
//   turn, 出牌阶段 or 传递, another player).
// 冷血: 若你杀死一位玩家，于回合结束时可以把桌面上的一张情报放置到一位玩家面前 — 杀死 = 亲手 (his card
//   真伪莫辨, a skill, or intel he sent: the death's `by`); at the end of the turn in which he killed
//   (anyone's turn); a death undone by 救美 is no killing (docs/rules.md §11); [choice] once per turn however
//   many he killed; any intel in front of a player in the game, to another player in the game (not
//   the one it lies before); he is credited (亲手) with what it does.
// 滥杀: 你杀死打酱油的玩家时，你可以宣告单独胜利 — asked at the death; 003: an 打酱油 黑手 cannot win by
//   killing himself (his own death never asks).
// 机密任务: 亲手杀死一位女性角色 — the victim's face-up character was female at the moment of death (a
//   face-down 潜伏 character has no gender; 小白 counts, 乔装), read from the death records, so a woman
//   saved by 救美 is no kill (docs/rules.md §11).
import { declare, placeIntel } from '../outcome.js';
import { askNext, enqueue } from '../pending.js';
import { countsAs, faceUp, markOf } from '../registry.js';
import { livePlayers } from './common.js';
import { intelOwner } from '../ops.js';
import { bit, has, inGame, removeFrom } from '../state.js';
import type { GameState } from '../types.js';
import type { CharacterDef, DecideAction, DecideAt, DecideWith, UseWith } from './skill.js';

/** 冷血's question: which intel ('pick'), then to whom ('to'). */
type Lengxue = DecideAt<'pick'> | DecideAt<'to', { card: number }>;

/** `victim` is dead, killed (亲手) by `by`, by the death records (a death undone has none). */
const killedBy = (s: GameState, victim: number, by: number): boolean => !s.players[victim].alive && s.chars!.seats[victim].killedBy === by;

/** Every intel in front of a player in the game. */
function tableIntel(s: GameState): number[] {
  const out: number[] = [];
  for (const seat of livePlayers(s)) out.push(...s.players[seat].intel);
  return out;
}

export const 黑手: CharacterDef = {
  name: '黑手',
  gender: '男',
  hidden: false,
  skills: ['残忍', '冷血', '滥杀'],
  playsAs: (s, _seat, card) => (s.cards[card].mode === '文本' && s.cards[card].name !== '锁定' ? [{ as: '锁定', skill: '残忍' }] : []),
  active: [],
  triggers: [
    {
      // After the death's bookkeeping (on.death, which runs first).
      skill: '滥杀',
      on: 'death',
      about: 'other',
      when: (s, _ctx, owner, info) => info.by === owner && s.players[info.seat].identity === '打酱油的' && { dead: info.seat },
      // Not once the death was undone (救美, asked before him in seat order): no killing (docs/rules.md §11).
      still: (s, d: DecideWith<{ dead: number }>) => killedBy(s, d.data.dead, d.seat),
      names: (_s, u: UseWith<{ dead: number }>) => ({ target: u.data.dead }),
      effect: (s, ctx, u) => declare(s, ctx, u.seat, 'sole'),
    },
  ],
  on: {
    turnStart(s, _ctx, owner) {
      const m = s.chars!.seats[owner].mark;
      if (m?.killed) m.killed = 0;
    },
    death(s, ctx, owner, info) {
      if (info.by !== owner || info.seat === owner) return;
      // 机密任务: the death records say whom he killed and whether she was female (乔装 shown where
      // it decides that); it is no skill.
      countsAs(s, ctx, info.seat, '女');
      if (!inGame(s.players[owner]) || !faceUp(s, owner)) return;
      const m = markOf(s, owner);
      m.killed = (m.killed ?? 0) | bit(info.seat);
    },
    turnEnd(s, _ctx, owner) {
      const m = s.chars!.seats[owner].mark;
      if (!m?.killed) return;
      const victims = m.killed;
      m.killed = 0;
      if (!inGame(s.players[owner]) || !faceUp(s, owner)) return;
      // A death undone (救美) is no killing (docs/rules.md §11).
      if (!s.players.some((_p, i) => has(victims, i) && killedBy(s, i, owner))) return;
      enqueue(s, owner, '冷血', 'pick');
    },
  },
  decide: {
    冷血: {
      choices(s, d: Lengxue) {
        const me = d.seat;
        if (!inGame(s.players[me]) || !faceUp(s, me)) return [];
        if (d.stage === 'pick') {
          const cards = tableIntel(s);
          // Nobody else to move it to: nothing to ask.
          if (cards.length === 0 || livePlayers(s).length < 2) return [];
          return [{ kind: 'decide', seat: me, option: 'no' }, ...cards.map((card) => ({ kind: 'decide' as const, seat: me, card }))];
        }
        const card = d.data.card;
        const from = intelOwner(s, card);
        if (from < 0) return [];
        return livePlayers(s)
          .filter((t) => t !== from)
          .map((target): DecideAction => ({ kind: 'decide', seat: me, target }));
      },
      answer(s, ctx, d: Lengxue, a) {
        const me = d.seat;
        if (d.stage === 'pick') {
          if (a.card === undefined) return;
          askNext(s, me, '冷血', 'to', { card: a.card });
          return;
        }
        const card = d.data.card;
        const from = intelOwner(s, card);
        if (from < 0 || a.target === undefined) return;
        ctx.ev.push({ to: 'all', type: 'skillUsed', seat: me, skill: '冷血', target: a.target });
        removeFrom(s.players[from].intel, card);
        ctx.ev.push({ to: 'all', type: 'intelMoved', from, seat: a.target, card });
        placeIntel(s, ctx, a.target, [card], me);
      },
    },
  },
  mission: (s, seat) => s.chars!.seats.some((x, i) => i !== seat && killedBy(s, i, seat) && x.femaleAtDeath === true),
};
