// The strong policy's knowledge of 贝雷帽 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../../ai/strong-kit.js';
import { intelToHand } from './common.ai.js';

teach('贝雷帽', { skills: { 偷天: intelToHand } });
