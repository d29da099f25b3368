// The strong policy's knowledge of 无间行者 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../../ai/strong-kit.js';
import { blackOrTake } from './common.ai.js';

teach('无间行者', { skills: { 绝密: blackOrTake } });
