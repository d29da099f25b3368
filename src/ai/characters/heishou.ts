// The strong policy's knowledge of 黑手 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../strong-kit.js';
import { yes } from './common.js';

teach('黑手', { skills: { 滥杀: { decide: yes } } });
