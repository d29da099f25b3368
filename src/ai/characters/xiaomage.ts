// The strong policy's knowledge of 小马哥 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../strong-kit.js';
import { blackOrTake } from './common.js';

teach('小马哥', { skills: { 英雄本色: blackOrTake } });
