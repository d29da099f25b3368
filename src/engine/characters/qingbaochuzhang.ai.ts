// The strong policy's knowledge of 情报处长 (src/ai/strong.ts asks it through strong-kit.ts).
import { teach } from '../../ai/strong-kit.js';
import { giveLeast } from './common.ai.js';

teach('情报处长', { skills: { 隔墙有耳: giveLeast } });
