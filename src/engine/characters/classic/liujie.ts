// 六姐·初版 (000_…). 女, face up.
// 拷问: 当你试探一位玩家时，你可以抽取他的一张手牌 — as 003's.
// 搜取: 当一位玩家死亡时，你可以抽取他的一张手牌作为情报 — another player's death (never her own, 003); one card of
//   his hand at random (★面向牌底地随机抽取，不可查看牌面) becomes her intel (face up; she may die of it); before his
//   clean-up; a dead player with no hand gives nothing, so nothing is asked.
// 机密任务: 获得六张情报.
import { placeIntel } from '../../outcome.js';
import { randInt } from '../../rng.js';
import { kaowen } from '../liujie.js';
import type { CharacterDef, TriggerSkill, UseWith } from '../skill.js';

// 搜取: the dead player is `from`.
const souqu: TriggerSkill<UseWith<{ from: number }>> = {
  skill: '搜取',
  on: 'death',
  about: 'other',
  when: (s, _ctx, _owner, info) => s.players[info.seat].hand.length > 0 && { from: info.seat },
  still: (s, d) => s.players[d.data.from].hand.length > 0,
  names: (_s, u) => ({ target: u.data.from }),
  effect(s, ctx, u) {
    const hand = s.players[u.data.from].hand;
    const card = hand.splice(randInt(s.rng, hand.length), 1)[0];
    placeIntel(s, ctx, u.seat, [card], u.seat);
  },
};

export const 六姐初版: CharacterDef = {
  name: '六姐·初版',
  gender: '女',
  hidden: false,
  skills: ['拷问', '搜取'],
  active: [],
  triggers: [kaowen, souqu],
  on: {},
  decide: {},
  mission: (s, seat) => s.players[seat].intel.length >= 6,
  missionWhenDead: true,
};
