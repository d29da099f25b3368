// The strong policy's knowledge of 老金 (src/ai/strong.ts asks it through strong-kit.ts).
import { BLACK, BLUE, colorIndex, RED } from '../cards.js';
import { teach } from '../strong-kit.js';
import { yes } from './common.js';

teach('老金', {
  mission: { kind: 'hand', colors: [RED, BLUE], names: [], keep: 3 },
  rank: 6,
  skills: {
    弃卒保帅: {
      decide(c) {
        if (c.stage === 'use') return yes(c);
        // which cards go back on the deck: the least worth keeping
        return c.by((a) => (a.card === undefined ? -Infinity : -c.tb.keep(c.handById.get(a.card)!)));
      },
    },
    釜底抽薪: {
      decide(c) {
        const tb = c.tb;
        if (c.stage === 'black') {
          // one more black in front of us, then one hand card in front of any players
          return c.by((a) => {
            if (a.card === undefined) return 0;
            let gain = tb.dv[tb.me][BLACK] - tb.keep(c.handById.get(a.card)!);
            for (let t = 0; t < tb.n; t++) {
              if (!tb.alive[t]) continue;
              let b = 0;
              for (const x of c.hand) if (x.id !== a.card) b = Math.max(b, tb.dv[t][colorIndex(x.color)] - tb.keep(x));
              gain += b;
            }
            return gain;
          });
        }
        return c.by((a) => {
          if (a.card === undefined || a.target === undefined) return 0;
          const x = c.handById.get(a.card);
          return x ? tb.ownDv()[a.target][colorIndex(x.color)] - tb.keep(x) : 0;
        });
      },
    },
  },
});
