// 峨嵋风·初版 (000_…). 男, 潜伏.
// 截上: 翻开此角色牌：视为使用了截获 — as 003's (截获's timing: another player's 传递 window).
// 计中计: 当另一位玩家获得你传出的假情报时，你可以烧毁自己或一位女性的一张假情报 — face up; black intel he sent and
//   another gained (taken or 截获'd); one black intel in front of himself or of a woman in the game (a face-up
//   female character; 小白 counts); ★ a woman who died of that very intel is out of the game: she cannot be saved.
// 机密任务: 获得三张或以上的蓝色情报.
import { countsAs, isFemale } from '../../registry.js';
import { countColor, inGame } from '../../state.js';
import { burnIntel, intelOwner } from '../../ops.js';
import { 峨嵋风 } from '../emeifeng.js';
import type { AnswerWith, CharacterDef, DecideAction } from '../skill.js';
import type { GameState } from '../../types.js';

const burnable = (s: GameState, me: number): number[] => {
  const out: number[] = [];
  for (let i = 0; i < s.players.length; i++)
    if (inGame(s.players[i]) && (i === me || isFemale(s, i))) for (const c of s.players[i].intel) if (s.cards[c].color === '黑') out.push(c);
  return out;
};

export const 峨嵋风初版: CharacterDef = {
  name: '峨嵋风·初版',
  gender: '男',
  hidden: true,
  skills: ['截上', '计中计'],
  active: 峨嵋风.active,
  triggers: [
    {
      skill: '计中计',
      on: 'intel',
      about: 'other',
      when: (s, _ctx, owner, info) => info.sender === owner && s.cards[info.card].color === '黑' && burnable(s, owner).length > 0,
      choices(s, d) {
        const cards = burnable(s, d.seat);
        if (cards.length === 0) return [];
        return [{ kind: 'decide', seat: d.seat, option: 'no' }, ...cards.map((card): DecideAction => ({ kind: 'decide', seat: d.seat, card }))];
      },
      names: (s, _u, a: AnswerWith<'card'>) => ({ target: intelOwner(s, a.card) }),
      effect(s, ctx, u, a: AnswerWith<'card'>) {
        const owner = intelOwner(s, a.card);
        if (owner !== u.seat) countsAs(s, ctx, owner, '女');
        burnIntel(s, ctx, a.card);
      },
    },
  ],
  on: {},
  decide: {},
  mission: (s, seat) => countColor(s, s.players[seat].intel, '蓝') >= 3,
  missionWhenDead: true,
};
