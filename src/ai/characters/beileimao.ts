// The strong policy's knowledge of 贝雷帽 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../strong-kit.js';
import { intelToHand } from './common.js';

teach('贝雷帽', { skills: { 偷天: intelToHand } });
