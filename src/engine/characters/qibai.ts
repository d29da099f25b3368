// 柒佰 (003_…). 男, not hidden.
// 敏锐: 你可以在他人回合中使用锁定 — the ordinary 锁定 otherwise (出牌阶段 or 传递); 识破 can answer it.
// 联动: 当你使用锁定时，抽二张牌，然后选择一张手牌分给另一位玩家 — mandatory; not when the 锁定 is
//   识破'd; it resolves before the 锁定 takes effect (003's ABCDE example). [choice] The two cards are drawn
//   when the 锁定 is about to take effect, the giving is then asked (the default on timeout: the first
//   card of the hand to the next player in the game); a 锁定 whose target has left the game (it fails
//   for lack of a target) triggers nothing.
// 风度: 当你宣告胜利时，选择一位女性一同胜利 — mandatory when a female exists; face-down characters have no
//   gender; she wins alone (not her faction), and her win is not a declaration. [choice] Only females
//   still in the game; he is asked even when only one exists; choosing one who already wins (his own
//   faction) adds nobody.
// 机密任务: 获得五张或以上的真情报.
import { draw, giveCard } from '../ops.js';
import { endDeclaration } from '../outcome.js';
import { countsAs, faceUp, isFemale } from '../registry.js';
import { enqueue } from '../pending.js';
import { liveOthers, trueCount, giveChoices } from './common.js';
import { inGame } from '../state.js';
import type { AnswerWith, CharacterDef, DecideAction } from './skill.js';
import type { GameState } from '../types.js';

const females = (s: GameState, me: number) => liveOthers(s, me).filter((i) => isFemale(s, i));

export const 柒佰: CharacterDef = {
  name: '柒佰',
  gender: '男',
  hidden: false,
  skills: ['敏锐', '联动', '风度'],
  perks: { lockAnyTurn: '敏锐' },
  active: [],
  triggers: [
    {
      // draws at once; giving a card is then asked
      skill: '联动',
      on: 'beforeResolve',
      optional: false,
      when(s, _ctx, owner, info) {
        const it = info.item;
        return it.as === '锁定' && it.user === owner && it.target !== undefined && inGame(s.players[it.target]);
      },
      effect(s, ctx, u) {
        draw(s, ctx, u.seat, 2);
        enqueue(s, u.seat, '联动', 'give');
      },
    },
  ],
  on: {
    victory(s, _ctx, owner, info) {
      if (info.seat !== owner || !faceUp(s, owner)) return;
      if (females(s, owner).length > 0) enqueue(s, owner, '风度');
    },
  },
  decide: {
    联动: {
      choices(s, d) {
        const me = d.seat;
        if (!inGame(s.players[me])) return [];
        // The first card of the hand to the next player first: the default on timeout.
        const n = s.players.length;
        return giveChoices(s, me, liveOthers(s, me).sort((a, b) => ((a - me + n) % n) - ((b - me + n) % n)));
      },
      answer(s, ctx, d, a: AnswerWith<'target' | 'card'>) {
        giveCard(s, ctx, d.seat, a.target, a.card, '联动');
      },
    },
    风度: {
      choices(s, d) {
        return females(s, d.seat).map((target): DecideAction => ({ kind: 'decide', seat: d.seat, target }));
      },
      answer(s, ctx, d, a: AnswerWith<'target'>) {
        const her = a.target;
        countsAs(s, ctx, her, '女');
        ctx.ev.push({ to: 'all', type: 'skillUsed', seat: d.seat, skill: '风度', target: her });
        endDeclaration(s, ctx, s.chars!.declaring!.winners.includes(her) ? [] : [her]);
      },
    },
  },
  mission: (s, seat) => trueCount(s, seat) >= 5,
};
