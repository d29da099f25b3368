// The strong policy's knowledge of 潮汐 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../strong-kit.js';
import { intelToHand } from './common.js';

teach('潮汐', { skills: { 时差: intelToHand } });
