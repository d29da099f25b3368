// The strong policy's knowledge of 易先生 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../strong-kit.js';
import { yes } from './common.js';

teach('易先生', { skills: { 情仇: { decide: yes } } });
