// 老枪·初版 (000_…). 男, 潜伏.
// 就计: 当你被锁定或试探时，可以翻开此角色牌：抽二张牌 — as 003's.
// 合谋: 盖伏此角色：盖伏一位玩家的角色牌，你们互相查看对方的身份牌 — face up, at any time; the target is another
//   player in the game whose character is face up, 潜伏 or not (★可以盖伏非潜伏的角色牌; a face-down one
//   cannot be turned face down, rulings §12); no 假情报 (unlike 003); only the two see the identities.
// 机密任务: 获得三张或以上的红色情报.
import { faceUp } from '../../registry.js';
import { countColor } from '../../state.js';
import { jiuji } from '../common.js';
import { hemouOf, hemouRecords } from '../laoqiang.js';
import type { CharacterDef } from '../skill.js';

export const 老枪初版: CharacterDef = {
  name: '老枪·初版',
  gender: '男',
  hidden: true,
  skills: ['就计', '合谋'],
  active: [hemouOf({ cost: false, target: faceUp })],
  triggers: [jiuji],
  identities: hemouRecords,
  on: {},
  decide: {},
  mission: (s, seat) => countColor(s, s.players[seat].intel, '红') >= 3,
  missionWhenDead: true,
};
