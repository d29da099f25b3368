// The strong policy's knowledge of 闪灵 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../strong-kit.js';

teach('闪灵', {
  mission: { kind: 'killClean' }, // kill one with no true intel yourself
  rank: 0,
  skills: {
    狙击: {
      keep: 8,
      gain({ tb }, a, keep) {
        if (a.target === undefined || !a.cards) return -Infinity;
        const cards = tb.v.players[a.target].intel.filter((x) => a.cards!.includes(x.id));
        return tb.removeValue(a.target, cards) - keep;
      },
    },
  },
});
