// The first-print characters of 000_… (characterSet 'classic', docs/rules.md §11b), one file each,
// registered into the core's registry as their own set. A first-print skill that is a variant of a 003
// skill shares its mechanism (a parameterised helper in the 003 character's file or in common.ts).
import { registerCharacter } from '../../registry.js';
import { 老鬼初版 } from './laogui.js';
import { 译电员初版 } from './yidianyuan.js';
import { 老枪初版 } from './laoqiang.js';
import { 闪灵初版 } from './shanling.js';
import { 黑玫瑰初版 } from './heimeigui.js';
import { 峨嵋风初版 } from './emeifeng.js';
import { 老金初版 } from './laojin.js';
import { 情报处长初版 } from './qingbaochuzhang.js';
import { 职业杀手初版 } from './zhiyeshashou.js';
import { 礼服蒙面人初版 } from './lifu.js';
import { 柒佰初版 } from './qibai.js';
import { 刀锋初版 } from './daofeng.js';
import { 大美女初版 } from './dameinv.js';
import { 六姐初版 } from './liujie.js';
import { 小马哥初版 } from './xiaomage.js';
import { 怪盗阿十初版 } from './guaidaoashi.js';
import { 贝雷帽初版 } from './beileimao.js';
import { 小白初版 } from './xiaobai.js';

// In 000_…'s order (潜伏角色, then 公开角色): the deal shuffles it, so the order is part of every classic seed.
for (const def of [
  老鬼初版, 译电员初版, 老枪初版, 闪灵初版, 黑玫瑰初版, 峨嵋风初版, 老金初版,
  情报处长初版, 职业杀手初版, 礼服蒙面人初版, 柒佰初版, 刀锋初版, 大美女初版, 六姐初版, 小马哥初版, 怪盗阿十初版, 贝雷帽初版, 小白初版,
])
  registerCharacter(def, 'classic');
