// The strong policy's knowledge of 千面女郎 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../strong-kit.js';
import { giveLeast } from './common.js';

teach('千面女郎', { skills: { 笙歌: giveLeast } });
