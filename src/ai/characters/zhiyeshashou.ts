// The strong policy's knowledge of 职业杀手 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../strong-kit.js';
import { blackOrTake } from './common.js';

teach('职业杀手', { skills: { 连击: blackOrTake } });
