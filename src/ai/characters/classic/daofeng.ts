// The strong policy's knowledge of 刀锋·初版: 潜伏战线全灭 (嗜血 as 003's knowledge).
import { teach } from '../../strong-kit.js';

teach('刀锋·初版', { mission: { kind: 'wipe', x: 0 } });
