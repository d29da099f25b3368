// 礼服蒙面人·初版 (000_… prints 服蒙面人). 男, face up.
// 英雄: 当你获得假情报时，你可以抽二张牌 — as 003's (★ also for 假情报 placed by skills or 真伪莫辨).
// 救美: 当一位女性死亡时，你可以翻开你的身份牌，然后烧毁她面前的二张假情报来拯救她 — the cost 翻开你的身份牌 as 003's
//   (once); only her black intel, two of them (the first two she gained: which two changes nothing); ★被拯救的女性
//   无需翻开她的身份牌. [choice] With five or more black intel two burnt would not save her: then not offered.
// 机密任务: 一位女性宣布胜利 (joins her declaration, as 003's).
import { jiumeiOf, yingxiong, 礼服蒙面人 } from '../lifu.js';
import type { CharacterDef } from '../skill.js';
import type { GameState } from '../../types.js';

const blackOf = (s: GameState, her: number) => s.players[her].intel.filter((x) => s.cards[x].color === '黑');

export const 礼服蒙面人初版: CharacterDef = {
  ...礼服蒙面人,
  name: '礼服蒙面人·初版',
  triggers: [yingxiong, jiumeiOf((s, _me, her) => blackOf(s, her).slice(0, 2), (s, her) => blackOf(s, her).length <= 4)],
  missionWhenDead: true,
};
