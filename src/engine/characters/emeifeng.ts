// 峨嵋风 (003_…). 男, 潜伏.
// 截上: 截他人回合情报传递时，可以翻开此角色牌，然后视为使用了截获 — timing and effect of 截获; a skill,
//   so 识破 cannot answer it.
// 计中计: 当一位玩家获得你传出的真情报时，你可以烧毁他面前的一张假情报 — face up; not when you gain your
//   own intel; a death from the gain happened already, so it cannot save anyone.
// 机密任务: 获得三张或以上的蓝色情报.
import { countColor, inGame } from '../state.js';
import { inTransmit, notNow } from './common.js';
import { burnIntel } from '../ops.js';
import type { AnswerWith, CharacterDef, DecideWith } from './skill.js';

export const 峨嵋风: CharacterDef = {
  name: '峨嵋风',
  gender: '男',
  hidden: true,
  skills: ['截上', '计中计'],
  active: [
    {
      name: '截上',
      reveal: true,
      as: '截获',
      candidates: (_s, seat) => [{ kind: 'skill', seat, skill: '截上' }],
      check(s, seat, step) {
        if (seat === s.current) return notNow('截上', "only in another player's turn");
        if (!inTransmit(s, step)) return notNow('截上', 'only while intel is being passed (传递)');
        return null;
      },
    },
  ],
  triggers: [
    {
      skill: '计中计',
      on: 'intel',
      about: 'other',
      when: (s, _ctx, owner, info) =>
        info.sender === owner && s.cards[info.card].color !== '黑' && inGame(s.players[info.seat]) && { seat: info.seat },
      choices(s, d: DecideWith<{ seat: number }>) {
        const t = d.data.seat;
        if (!inGame(s.players[t])) return [];
        const black = s.players[t].intel.filter((c) => s.cards[c].color === '黑');
        if (black.length === 0) return [];
        return [{ kind: 'decide', seat: d.seat, option: 'no' }, ...black.map((card) => ({ kind: 'decide' as const, seat: d.seat, card }))];
      },
      effect: (s, ctx, _u, a: AnswerWith<'card'>) => burnIntel(s, ctx, a.card),
    },
  ],
  on: {},
  decide: {},
  mission: (s, seat) => countColor(s, s.players[seat].intel, '蓝') >= 3,
};
