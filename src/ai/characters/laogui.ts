// The strong policy's knowledge of 老鬼 (src/ai/strong.ts asks it through strong-kit.ts).
import { colorIndex } from '../cards.js';
import { teach } from '../strong-kit.js';
import type { Vec3 } from '../strong-table.js';

teach('老鬼', {
  mission: { kind: 'dieRed' }, // die holding four red cards
  rank: 7,
  skills: {
    遗志: {
      // our hand goes to one player, who gets three of it at random as intel
      decide(c) {
        const ids = c.hand.map((x) => colorIndex(x.color));
        const combos: Vec3[] = [];
        const k = Math.min(3, ids.length);
        const walk = (start: number, left: number, acc: Vec3) => {
          if (left === 0) return void combos.push([acc[0], acc[1], acc[2]]);
          for (let i = start; i < ids.length; i++) {
            acc[ids[i]]++;
            walk(i + 1, left - 1, acc);
            acc[ids[i]]--;
          }
        };
        walk(0, k, [0, 0, 0]);
        return c.by((a) => {
          if (a.target === undefined || !combos.length) return 0;
          let e = 0;
          for (const x of combos) e += c.tb.addValue(a.target, x);
          return e / combos.length;
        });
      },
    },
  },
});
