// The strong policy's knowledge of 黑玫瑰·初版: 军情局全灭 (血染玫瑰 as 003's knowledge).
import { teach } from '../../strong-kit.js';

teach('黑玫瑰·初版', { mission: { kind: 'wipe', x: 1 }, rank: 2 });
