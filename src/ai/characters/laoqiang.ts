// The strong policy's knowledge of 老枪 (src/ai/strong.ts asks it through strong-kit.ts).
import { RED } from '../cards.js';
import { teach } from '../strong-kit.js';

teach('老枪', {
  mission: { kind: 'color', x: RED },
  rank: 8,
  // 合谋 puts a black intel in front of oneself: never used by this policy.
  skills: { 合谋: { keep: Infinity } },
});
