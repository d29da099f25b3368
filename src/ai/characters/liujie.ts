// The strong policy's knowledge of 六姐 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../strong-kit.js';
import { yes } from './common.js';

teach('六姐', { skills: { 拷问: { decide: yes }, 搜取: { decide: (c) => c.by((a) => (a.option === 'hand' ? 1 : 0)) } } });
