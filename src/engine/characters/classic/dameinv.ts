// 大美女·初版 (000_…). 女, face up.
// 精明: 你的抽牌阶段改为抽三张牌，然后选择一张手牌放回牌库顶 — as 003's.
// 爱情: 翻开你的身份牌：烧毁（任意玩家的）一张假情报 — the cost as 003's (once); one black intel in front of any
//   player in the game; a skill, so 识破 cannot answer it.
// 机密任务: 当一位男性角色宣布胜利时，你获得的假情报少于等于一张 (joins his declaration, as 003's).
import { aiqingOf, 大美女 } from '../dameinv.js';
import type { CharacterDef } from '../skill.js';

export const 大美女初版: CharacterDef = { ...大美女, name: '大美女·初版', active: [aiqingOf(1)], missionWhenDead: true };
