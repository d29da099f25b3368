// The characters the engine has, one file each, registered into the core's registry (the core
// knows none of them by name). Importing this module registers them; src/engine/index.ts does.
import { CHARACTERS, CHARACTER_NAMES, registerCharacter, SKILLS } from '../registry.js';
import { 老鬼 } from './laogui.js';
import { 译电员 } from './yidianyuan.js';
import { 老枪 } from './laoqiang.js';
import { 闪灵 } from './shanling.js';
import { 黑玫瑰 } from './heimeigui.js';
import { 峨嵋风 } from './emeifeng.js';
import { 老金 } from './laojin.js';
import { 浮萍 } from './fuping.js';
import { 黄雀 } from './huangque.js';
import { 钢铁特工R } from './gangtie.js';
import { 情报处长 } from './qingbaochuzhang.js';
import { 小马哥 } from './xiaomage.js';
import { 怪盗九九 } from './guaidao.js';
import { 戴笠 } from './daili.js';
import { 职业杀手 } from './zhiyeshashou.js';
import { 柒佰 } from './qibai.js';
import { 贝雷帽 } from './beileimao.js';
import { 黑手 } from './heishou.js';
import { 易先生 } from './yixiansheng.js';
import { 蝮蛇 } from './fushe.js';
import { 小白 } from './xiaobai.js';
import { 礼服蒙面人 } from './lifu.js';
import { 大美女 } from './dameinv.js';
import { 致命香水 } from './xiangshui.js';
import { 千面女郎 } from './qianmian.js';
import { 无间行者 } from './wujian.js';
import { 福尔摩斯 } from './fuermosi.js';
import { 潮汐 } from './chaoxi.js';
import { 六姐 } from './liujie.js';
import { 刀锋 } from './daofeng.js';

// Registered in this order: the deal shuffles CHARACTER_NAMES, so the order is part of every seed.
for (const def of [
  老鬼, 译电员, 老枪, 闪灵, 黑玫瑰, 峨嵋风, 老金, 浮萍, 黄雀, 钢铁特工R,
  情报处长, 小马哥, 怪盗九九, 戴笠,
  职业杀手, 柒佰, 贝雷帽,
  黑手, 易先生, 蝮蛇, 小白,
  礼服蒙面人, 大美女, 致命香水, 千面女郎, 无间行者,
  福尔摩斯, 潮汐, 六姐, 刀锋,
])
  registerCharacter(def);

export { CHARACTERS, CHARACTER_NAMES, SKILLS };
