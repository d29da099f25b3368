// The strong policy's knowledge of 黄雀 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../strong-kit.js';
import { blackFromHand } from './common.js';
import { intelOwnerIn } from '../../engine/index.js';

teach('黄雀', {
  mission: { kind: 'deaths' }, // a 潜伏战线 and a 军情处 dead
  rank: 4,
  skills: {
    潜藏伏击: {
      keep: 5,
      gain({ tb }, a, keep) {
        const v = tb.v;
        const owner = intelOwnerIn(v, a.intel);
        if (owner < 0) return -Infinity;
        return tb.removeValue(owner, v.players[owner].intel.filter((x) => x.id === a.intel)) - keep;
      },
    },
    黄雀在后: { decide: (c) => blackFromHand(c, true) },
  },
});
