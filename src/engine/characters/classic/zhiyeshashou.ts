// 职业杀手·初版 (000_…). 男, face up.
// 连击: 当一位玩家获得你传出的假情报时，你可以在他面前再放置一张假情报 — 003's 连击 without its draw: intel he
//   sent (taken, 截获'd or come back to him), a black hand card before the same player, if still in the game.
// 预谋: 你的识破可以当作锁定使用 — the card keeps its colour (★仅改变卡牌的名称和作用); still a 锁定 (own turn),
//   and 识破 can answer it.
// 机密任务: 亲手让一位玩家成为第二位或以后死亡的玩家 — 亲手 as 003 (his skills, the intel he sent, 真伪莫辨);
//   000 prints 一位玩家, so [choice] his own death counts too.
import { lianjiOf } from '../zhiyeshashou.js';
import type { CharacterDef } from '../skill.js';

const lianji = lianjiOf(0);

export const 职业杀手初版: CharacterDef = {
  name: '职业杀手·初版',
  gender: '男',
  hidden: false,
  skills: ['连击', '预谋'],
  playsAs: (s, _seat, card) => (s.cards[card].name === '识破' ? [{ as: '锁定', skill: '预谋' }] : []),
  active: [],
  triggers: [lianji.trigger],
  on: {},
  decide: { 连击: lianji.decision },
  mission: (s, seat) => s.chars!.seats.some((x, i) => !s.players[i].alive && x.killedBy === seat && (x.deathNo ?? 0) >= 2),
  missionWhenDead: true,
};
