// The strong policy's knowledge of 老金·初版 (the same card as 003's 老金).
import { BLUE, RED } from '../../cards.js';
import { teach } from '../../strong-kit.js';

teach('老金·初版', { mission: { kind: 'hand', colors: [RED, BLUE], names: [], keep: 3 }, rank: 6 });
