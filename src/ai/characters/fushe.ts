// The strong policy's knowledge of 蝮蛇 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../strong-kit.js';

teach('蝮蛇', {
  skills: {
    // 调虎离山 without a card (he turns face down for it).
    声东击西: {
      keep: 1,
      gain(c, a, keep) {
        const g = c.lureGain(a.target);
        return g === null ? -Infinity : g - keep;
      },
    },
    // a card for nothing when the hand is empty
    弹药无限: { keep: 0, gain: (_c, _a, keep) => 1.5 - keep },
  },
});
