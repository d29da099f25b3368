// 贝雷帽·初版 (000_…). 男, face up.
// 逢缘: 你可以指定你所有非直达情报的传递方向 — a perk: ★可以选择向左或向右传递 (as 千面女郎's 逢缘 of 003).
// 换日: 舍弃你的一张黑色手牌：视为使用了锁定 — a black hand card used as 锁定 (003's 换日): a card, so 识破 can
//   answer it (rulings §12); still a 锁定 (own turn).
// 机密任务: 游戏剩下你和另一位玩家 — exactly two players are still in the game (neither dead nor out), he one of them.
import { livePlayers } from '../common.js';
import { huanri } from '../beileimao.js';
import { inGame } from '../../state.js';
import type { CharacterDef } from '../skill.js';

export const 贝雷帽初版: CharacterDef = {
  name: '贝雷帽·初版',
  gender: '男',
  hidden: false,
  skills: ['逢缘', '换日'],
  perks: { chooseDirection: '逢缘' },
  playsAs: huanri,
  active: [],
  on: {},
  decide: {},
  mission: (s, seat) => inGame(s.players[seat]) && livePlayers(s).length === 2,
  missionWhenDead: true,
};
