// 柒佰·初版 (000_…). 男, face up. The first print's words are 003's: 敏锐 (你可以在他人回合中使用锁定), 联动
// (当你使用锁定时，抽二张牌，然后将一张手牌分给另一位玩家; mandatory), 风度 (当你宣告胜利时，选择一位女性一同胜利;
// mandatory when one exists, ★不能选择盖伏的角色), with 003's rulings; 机密任务: 获得五张非假情报.
import { 柒佰 } from '../qibai.js';
import type { CharacterDef } from '../skill.js';

export const 柒佰初版: CharacterDef = { ...柒佰, name: '柒佰·初版', missionWhenDead: true };
