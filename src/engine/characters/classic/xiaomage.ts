// 小马哥·初版 (000_…). 男, face up.
// 英雄本色: 当你获得另一位玩家传出的假情报时，抽一张牌，然后可以在一位玩家面前放置一张假情报 — 003's 英雄本色 only for
//   black intel another player sent (taken or 截获'd; not 真伪莫辨 nor skills): the draw is mandatory, the
//   placing (a black hand card, before any player in the game) optional; nothing when the intel killed him.
// 机密任务: 军情局全灭.
import { wiped } from '../common.js';
import { yingxiongbenseOf } from '../xiaomage.js';
import type { CharacterDef } from '../skill.js';

const yxbs = yingxiongbenseOf(true);

export const 小马哥初版: CharacterDef = {
  name: '小马哥·初版',
  gender: '男',
  hidden: false,
  skills: ['英雄本色'],
  active: [],
  triggers: [yxbs.trigger],
  on: {},
  decide: { 英雄本色: yxbs.decision },
  mission: (s) => wiped(s, '军情处'),
  missionWhenDead: true,
};
