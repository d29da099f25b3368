// The strong policy's knowledge of 无间行者 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../strong-kit.js';
import { blackOrTake } from './common.js';

teach('无间行者', { skills: { 绝密: blackOrTake } });
