// The strong policy's knowledge of 情报处长 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../strong-kit.js';
import { giveLeast } from './common.js';

teach('情报处长', { skills: { 隔墙有耳: giveLeast } });
