// 闪灵·初版 (000_…). 女, 潜伏.
// 狙击: 翻开此角色牌：烧毁另一位玩家的三张情报（如果不足三张则全部烧毁） — at any moment one may respond; with
//   four or more intel she chooses the three (rulings §12); a player with no intel is no target (使用规则:
//   有可以作用的目标); a skill, so 识破 cannot answer it.
// 机密任务: 潜伏战线全灭.
import { wiped } from '../common.js';
import { jujiOf } from '../shanling.js';
import type { CharacterDef } from '../skill.js';

export const 闪灵初版: CharacterDef = {
  name: '闪灵·初版',
  gender: '女',
  hidden: true,
  skills: ['狙击'],
  active: [jujiOf(true)],
  on: {},
  decide: {},
  mission: (s) => wiped(s, '潜伏战线'),
  missionWhenDead: true,
};
