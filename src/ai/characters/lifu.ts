// The strong policy's knowledge of 礼服蒙面人 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../strong-kit.js';
import { yes } from './common.js';

teach('礼服蒙面人', {
  skills: {
    英雄: { decide: yes },
    救美: {
      // Save a woman on our side (our identity is then shown to all): she is the dead woman whose
      // cards are still on the table (her clean-up waits on this answer).
      decide(c) {
        const tb = c.tb;
        const her = tb.v.players.findIndex((q) => !q.alive && q.intel.length > 0 && (q.gender ?? '').includes('女'));
        return c.by((a) => (a.option === 'yes' && her >= 0 ? tb.ally(her) - 0.6 : 0));
      },
    },
  },
});
