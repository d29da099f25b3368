// The strong policy's knowledge of 怪盗九九 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../strong-kit.js';
import { blackOrTake } from './common.js';

teach('怪盗九九', { skills: { 阴谋: blackOrTake, 阳谋: blackOrTake } });
