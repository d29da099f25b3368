// The strong policy's knowledge of 刀锋 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../strong-kit.js';
import { giveLeast } from './common.js';

teach('刀锋', { skills: { 嗜血: giveLeast } });
