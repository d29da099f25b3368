// The strong policy's knowledge of 柒佰 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../strong-kit.js';
import { giveLeast } from './common.js';

teach('柒佰', {
  skills: {
    联动: giveLeast,
    风度: { decide: (c) => c.by((a) => (a.target === undefined ? 0 : c.tb.ally(a.target))) },
  },
});
