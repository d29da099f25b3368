// The strong policy's knowledge of 黑手 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../../ai/strong-kit.js';
import { yes } from './common.ai.js';

teach('黑手', { skills: { 滥杀: { decide: yes } } });
