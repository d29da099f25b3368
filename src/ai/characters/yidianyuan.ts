// The strong policy's knowledge of 译电员 (src/ai/strong.ts asks it through strong-kit.ts).
import { BLUE } from '../cards.js';
import { teach } from '../strong-kit.js';
import { stopsFrom } from '../strong-table.js';
import { yes } from './common.js';

teach('译电员', {
  mission: { kind: 'color', x: BLUE },
  rank: 9,
  skills: {
    速译: {
      keep: 2,
      gain({ tb, cf }, _a, keep) {
        if (!cf) return -Infinity;
        // Worth it when the intel may come to us: knowing it then decides our answer.
        const coming = stopsFrom(tb, cf.f, tb.v.transit!.at).includes(tb.me);
        return 1.5 + (coming && !cf.known ? 2 : 0) - keep;
      },
    },
    // face down again: the 翻开 skill can be used once more
    洞悉: { decide: yes },
  },
});
