// The strong policy's knowledge of 大美女 (src/ai/strong.ts asks it through strong-kit.ts).
import { SOY } from '../cards.js';
import { teach } from '../strong-kit.js';
import { giveLeast } from './common.js';
import { intelOwnerIn } from '../../engine/index.js';

teach('大美女', {
  skills: {
    精明: giveLeast,
    爱情: {
      keep: 2,
      // Burn two black intel (our identity is then shown to all): where they save a friend.
      gain({ tb }, a, keep) {
        let g = 0;
        for (const id of a.cards ?? (a.intel !== undefined ? [a.intel] : [])) {
          const owner = intelOwnerIn(tb.v, id);
          if (owner < 0) return -Infinity;
          g += tb.burnGain(owner);
        }
        return g - keep - (tb.my === SOY ? 1 : 2);
      },
    },
  },
});
