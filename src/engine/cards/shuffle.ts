// 真伪莫辨 (003_…, docs/rules.md §7): in your own 出牌阶段. Cards equal to the live players come off
// the deck, are shuffled, and one goes to each live player from the user onward as intel, one
// at a time, so a death or a victory can happen part way (a victory ends the game at once).
// 千智风声 (004_…: 从自己开始，逆时针每人抽取牌库顶一张牌作为情报): no shuffle, each live player from the user
// onward gains the top card of the deck in turn.
import { gainIntel } from '../outcome.js';
import { takeTop } from '../ops.js';
import { shuffleInPlace } from '../rng.js';
import { inGame, liveCount, over } from '../state.js';
import type { CardRule } from './rule.js';
import { wrongMoment } from './targets.js';

export const shuffle: CardRule = {
  name: '真伪莫辨',
  needs: 'nothing',
  check(s, seat, step) {
    if (seat !== s.current || (step !== 'play1' && step !== 'play2'))
      return wrongMoment('真伪莫辨', 'only in your own 出牌阶段');
    return null;
  },
  resolve(s, ctx, item) {
    const n = liveCount(s);
    const taken: number[] = [];
    for (let i = 0; i < n; i++) {
      const c = takeTop(s, ctx);
      if (c === undefined) break;
      taken.push(c);
    }
    shuffleInPlace(s.rng, taken);
    const seats = s.players.length;
    for (let k = 0; k < seats && taken.length > 0; k++) {
      const seat = (item.user + k) % seats;
      if (!inGame(s.players[seat])) continue;
      gainIntel(s, ctx, seat, taken.pop()!, item.user);
      if (over(s)) break;
    }
    s.discard.push(...taken);
  },
  editions: {
    qianzhi: {
      resolve(s, ctx, item) {
        const seats = s.players.length;
        for (let k = 0; k < seats; k++) {
          const seat = (item.user + k) % seats;
          if (!inGame(s.players[seat])) continue;
          const c = takeTop(s, ctx);
          if (c === undefined) break;
          gainIntel(s, ctx, seat, c, item.user);
          if (over(s)) break;
        }
      },
    },
  },
};
