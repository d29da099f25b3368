// The strong policy's knowledge of 浮萍 (src/ai/strong.ts asks it through strong-kit.ts).
import { colorIndex } from '../cards.js';
import { teach } from '../strong-kit.js';

teach('浮萍', {
  mission: { kind: 'dieAfter' }, // be the second or later to die
  rank: 5,
  skills: {
    先机: {
      keep: 2,
      gain: ({ tb }, a, keep) => (a.target === undefined ? -Infinity : 3 - keep + 0.5 * (1 - tb.ally(a.target))),
    },
    后着: {
      decide(c) {
        const tb = c.tb;
        const v = tb.v;
        if (c.stage === 'who') return c.by((a) => (a.target === undefined ? 0 : 1 + (v.players[a.target].handCount ?? 0) * 0.1));
        const seen = new Map((v.pending?.cards ?? []).map((x) => [x.id, x]));
        return c.by((a) => {
          const x = a.card === undefined ? undefined : seen.get(a.card);
          return x && a.target !== undefined ? tb.ownDv()[a.target][colorIndex(x.color)] : -Infinity;
        });
      },
    },
  },
});
