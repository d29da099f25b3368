// The strong policy's knowledge of 闪灵·初版: 潜伏战线全灭 (狙击 as 003's knowledge).
import { teach } from '../../strong-kit.js';

teach('闪灵·初版', { mission: { kind: 'wipe', x: 0 }, rank: 0 });
