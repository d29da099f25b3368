// The strong policy's knowledge of 黑玫瑰 (src/ai/strong.ts asks it through strong-kit.ts).
import { BLACK } from '../cards.js';
import { teach } from '../strong-kit.js';
import { blackFromHand } from './common.js';

teach('黑玫瑰', {
  mission: { kind: 'killRich' }, // kill one with three true intel yourself
  rank: 2,
  skills: {
    血染玫瑰: {
      keep: 6,
      gain({ tb }, a, keep) {
        if (a.target === undefined || a.target === tb.me) return -Infinity;
        const blacks = (tb.v.hand ?? []).filter((x) => x.color === '黑').length;
        const best = (max: number) => {
          let b = 0;
          for (let j = 1; j <= Math.min(max, blacks); j++)
            b = Math.max(b, tb.addValue(a.target!, [0, 0, j]) + (j + tb.counts[a.target!][BLACK] >= 3 ? tb.killBonus(a.target!) : 0) - 0.5 * j);
          return b;
        };
        const pb = tb.pool[BLACK];
        return pb * best(3) + (1 - pb) * best(1) - keep;
      },
      decide: (c) => blackFromHand(c, false),
    },
  },
});
