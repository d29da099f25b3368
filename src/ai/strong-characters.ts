// What the strong policy knows of each character: one file a character, at the same path under
// src/ai/characters/ as the character under src/engine/characters/ (laogui.ts, classic/laogui.ts),
// each teaching strong-kit.ts when loaded.
import './characters/common.js';
import './characters/laogui.js';
import './characters/yidianyuan.js';
import './characters/laoqiang.js';
import './characters/shanling.js';
import './characters/heimeigui.js';
import './characters/emeifeng.js';
import './characters/laojin.js';
import './characters/fuping.js';
import './characters/huangque.js';
import './characters/gangtie.js';
import './characters/qingbaochuzhang.js';
import './characters/xiaomage.js';
import './characters/guaidao.js';
import './characters/daili.js';
import './characters/zhiyeshashou.js';
import './characters/beileimao.js';
import './characters/heishou.js';
import './characters/yixiansheng.js';
import './characters/xiangshui.js';
import './characters/qianmian.js';
import './characters/wujian.js';
import './characters/chaoxi.js';
import './characters/liujie.js';
import './characters/daofeng.js';
import './characters/qibai.js';
import './characters/fushe.js';
import './characters/lifu.js';
import './characters/dameinv.js';
// The first-print set (000_…): what differs from the 003 characters; skills of the same name share
// the knowledge taught above.
import './characters/classic/laogui.js';
import './characters/classic/yidianyuan.js';
import './characters/classic/laoqiang.js';
import './characters/classic/shanling.js';
import './characters/classic/heimeigui.js';
import './characters/classic/emeifeng.js';
import './characters/classic/laojin.js';
import './characters/classic/qingbaochuzhang.js';
import './characters/classic/daofeng.js';
import './characters/classic/xiaomage.js';
import './characters/classic/beileimao.js';
import './characters/classic/liujie.js';
