// 黑玫瑰·初版 (000_…). 女, 潜伏.
// 血染玫瑰: 翻开此角色牌：展示牌库顶的一张牌，若那张牌是黑色，你可以在一位玩家面前放置最多三张假情报，否则你只能放置一张
//   — as 003's (the shown card goes back on top).
// 机密任务: 军情局全灭.
import { wiped } from '../common.js';
import { 黑玫瑰 } from '../heimeigui.js';
import type { CharacterDef } from '../skill.js';

export const 黑玫瑰初版: CharacterDef = {
  ...黑玫瑰,
  name: '黑玫瑰·初版',
  mission: (s) => wiped(s, '军情处'),
  missionWhenDead: true,
};
