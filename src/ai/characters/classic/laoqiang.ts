// The strong policy's knowledge of 老枪·初版 (合谋 as 003's knowledge: kept, never used).
import { RED } from '../../cards.js';
import { teach } from '../../strong-kit.js';

teach('老枪·初版', { mission: { kind: 'color', x: RED }, rank: 8 });
