// 怪盗阿十 (000_…; 003's 怪盗九九 is the same idea). 男, face up.
// 阴谋: 当一位玩家获得你传出的假情报时，你可以抽取他的一张手牌 — black intel he sent (taken or 截获'd), from the
//   hand of the one who gained it; nothing when that is himself (rulings §12) or he has no hand.
// 阳谋: 当你获得一位玩家传出的假情报时，你可以抽取他的一张手牌 — from the one who sent it; not himself.
// Both as 003's otherwise: 抽取 is one card at random, seen by the two only; not 真伪莫辨 nor skills (no sender).
// 机密任务: 获得十张或以上的手牌.
import { black, named, takeFrom } from '../guaidao.js';
import type { CharacterDef, UseWith } from '../skill.js';

/** The player named by the moment: the gainer (阴谋) or the sender (阳谋). */
type Named = UseWith<{ target: number }>;

export const 怪盗阿十初版: CharacterDef = {
  name: '怪盗阿十·初版',
  gender: '男',
  hidden: false,
  skills: ['阴谋', '阳谋'],
  active: [],
  triggers: [
    takeFrom<Named>('阴谋', { when: (s, _ctx, owner, info) => black(s, info.card) && info.sender === owner && info.seat !== owner && { target: info.seat } }, named),
    takeFrom<Named>(
      '阳谋',
      { about: 'self', when: (s, _ctx, owner, info) => black(s, info.card) && info.sender >= 0 && info.sender !== owner && { target: info.sender } },
      named,
    ),
  ],
  on: {},
  decide: {},
  mission: (s, seat) => s.players[seat].hand.length >= 10,
  missionWhenDead: true,
};
