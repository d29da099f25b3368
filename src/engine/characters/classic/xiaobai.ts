// 小白·初版 (000_…). 性别 ？ (男女), face up.
// 乔装: 此角色既视为男性也视为女性 — as 003's.
// 收买: 把你的三张手牌交给一位玩家，然后获得他面前的一张情报 — 003's 收买 with three cards (003: four).
// 败露: 当你获得六张或以上的情报时，你输掉这场游戏 — as 003's (★输掉游戏不等于死亡; with a victory at the same moment, a loss).
// 机密任务: 你第一个死亡，或潜伏战线与军情局其中一方全灭 — as 003's.
import { shoumaiOf, 小白 } from '../xiaobai.js';
import type { CharacterDef } from '../skill.js';

const shoumai = shoumaiOf(3);

export const 小白初版: CharacterDef = { ...小白, name: '小白·初版', active: [shoumai.active], decide: { 收买: shoumai.decision } };
