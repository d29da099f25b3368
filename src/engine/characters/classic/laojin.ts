// 老金·初版 (000_…). 男, 潜伏. The first print's words are 003's: 弃卒保帅 and 釜底抽薪 as 003's老金,
// and the same 机密任务 (手牌集齐三张红色卡牌和三张蓝色卡牌).
import { 老金 } from '../laojin.js';
import type { CharacterDef } from '../skill.js';

export const 老金初版: CharacterDef = { ...老金, name: '老金·初版', missionWhenDead: true };
