// The strong policy's knowledge of 致命香水 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../strong-kit.js';
import { giveLeast } from './common.js';

teach('致命香水', { skills: { 攻守兼备: giveLeast } });
