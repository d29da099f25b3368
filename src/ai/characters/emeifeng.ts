// The strong policy's knowledge of 峨嵋风 (src/ai/strong.ts asks it through strong-kit.ts).
import { BLUE } from '../cards.js';
import { teach } from '../strong-kit.js';
import { dot, flightValue } from '../strong-table.js';
import { intelOwnerIn } from '../../engine/index.js';

teach('峨嵋风', {
  mission: { kind: 'color', x: BLUE },
  rank: 3,
  skills: {
    截上: {
      keep: 4,
      gain({ tb, cf }, _a, keep) {
        if (!cf) return -Infinity;
        const now = flightValue(tb, cf.f, tb.v.transit!.at, cf.knows, cf.dist);
        return dot(cf.dist, tb.ownDv()[tb.me]) - now - keep;
      },
    },
    计中计: {
      // burn a black intel of the player who got our true intel
      decide: (c) =>
        c.by((a) => {
          if (a.card === undefined) return 0;
          const owner = intelOwnerIn(c.tb.v, a.card);
          return owner < 0 ? 0 : c.tb.burnGain(owner);
        }),
    },
  },
});
