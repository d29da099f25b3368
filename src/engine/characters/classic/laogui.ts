// 老鬼·初版 (000_… 潜伏角色). 女, 潜伏.
// 就计: 被试探时翻开此角色，抽二张牌 — only when 试探'd (not 锁定'd); asked (rulings §12: every first-print
//   trigger that turns a hidden character face up is optional).
// 城府: 被试探时可以隐瞒你的身份 — as 003's (the same words, the same answer).
// 遗志: 当你死亡时，可以把全部手牌面朝下递给一位玩家，他随机选择其中的三张作为情报 — as 003's.
// 机密任务: 当你死亡时，展示你的手牌，里面有四张或以上的红色卡牌 — checked on the hand at the moment of her death,
//   before 遗志 (her mark `redAtDeath`, as 003's 老鬼).
import { 老鬼 } from '../laogui.js';
import { jiujiFor } from '../common.js';
import { yizhi } from '../laogui.js';
import type { CharacterDef } from '../skill.js';

export const 老鬼初版: CharacterDef = {
  ...老鬼,
  name: '老鬼·初版',
  triggers: [jiujiFor(['试探']), yizhi],
};
