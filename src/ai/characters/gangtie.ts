// The strong policy's knowledge of 钢铁特工R (src/ai/strong.ts asks it through strong-kit.ts).
import { BLACK } from '../cards.js';
import { teach } from '../strong-kit.js';
import { intelOwnerIn } from '../../engine/index.js';

teach('钢铁特工R', {
  mission: { kind: 'hand', colors: [], names: ['识破'], keep: 6 },
  rank: 1,
  skills: {
    警觉: { keep: 5, gain: (c, a, keep) => c.counterGain(a.of ?? c.tb.v.stack.length - 1) - keep },
    掩护: {
      keep: 0.5,
      gain({ tb }, a, keep) {
        const owner = intelOwnerIn(tb.v, a.intel);
        if (owner < 0) return -Infinity;
        return tb.burnGain(owner) + tb.dv[tb.me][BLACK] - keep;
      },
    },
  },
});
