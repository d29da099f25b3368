// The strong policy's knowledge of 小马哥·初版: 军情局全灭 (英雄本色 as 003's knowledge).
import { teach } from '../../strong-kit.js';

teach('小马哥·初版', { mission: { kind: 'wipe', x: 1 } });
