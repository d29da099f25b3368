// What the strong policy knows of each character: one file beside each character
// (src/engine/characters/<pinyin>.ai.ts), each teaching strong-kit.ts when loaded.
import '../engine/characters/common.ai.js';
import '../engine/characters/laogui.ai.js';
import '../engine/characters/yidianyuan.ai.js';
import '../engine/characters/laoqiang.ai.js';
import '../engine/characters/shanling.ai.js';
import '../engine/characters/heimeigui.ai.js';
import '../engine/characters/emeifeng.ai.js';
import '../engine/characters/laojin.ai.js';
import '../engine/characters/fuping.ai.js';
import '../engine/characters/huangque.ai.js';
import '../engine/characters/gangtie.ai.js';
import '../engine/characters/qingbaochuzhang.ai.js';
import '../engine/characters/xiaomage.ai.js';
import '../engine/characters/guaidao.ai.js';
import '../engine/characters/daili.ai.js';
import '../engine/characters/zhiyeshashou.ai.js';
import '../engine/characters/beileimao.ai.js';
import '../engine/characters/heishou.ai.js';
import '../engine/characters/yixiansheng.ai.js';
import '../engine/characters/xiangshui.ai.js';
import '../engine/characters/qianmian.ai.js';
import '../engine/characters/wujian.ai.js';
import '../engine/characters/chaoxi.ai.js';
import '../engine/characters/liujie.ai.js';
import '../engine/characters/daofeng.ai.js';
import '../engine/characters/qibai.ai.js';
import '../engine/characters/fushe.ai.js';
import '../engine/characters/lifu.ai.js';
import '../engine/characters/dameinv.ai.js';
// The first-print set (000_…): what differs from the 003 characters; skills of the same name share
// the knowledge taught above.
import '../engine/characters/classic/laogui.ai.js';
import '../engine/characters/classic/yidianyuan.ai.js';
import '../engine/characters/classic/laoqiang.ai.js';
import '../engine/characters/classic/shanling.ai.js';
import '../engine/characters/classic/heimeigui.ai.js';
import '../engine/characters/classic/emeifeng.ai.js';
import '../engine/characters/classic/laojin.ai.js';
import '../engine/characters/classic/qingbaochuzhang.ai.js';
import '../engine/characters/classic/daofeng.ai.js';
import '../engine/characters/classic/xiaomage.ai.js';
import '../engine/characters/classic/beileimao.ai.js';
import '../engine/characters/classic/liujie.ai.js';
