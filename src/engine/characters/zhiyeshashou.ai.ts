// The strong policy's knowledge of 职业杀手 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../../ai/strong-kit.js';
import { blackOrTake } from './common.ai.js';

teach('职业杀手', { skills: { 连击: blackOrTake } });
