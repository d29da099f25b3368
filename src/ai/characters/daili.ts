// The strong policy's knowledge of 戴笠 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../strong-kit.js';
import { blackOrTake, yes } from './common.js';

teach('戴笠', { skills: { 笑里藏刀: blackOrTake, 运筹帷幄: { decide: yes } } });
