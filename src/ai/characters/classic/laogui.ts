// The strong policy's knowledge of 老鬼·初版 (its skills share 003's names and knowledge: 就计, 城府, 遗志).
import { teach } from '../../strong-kit.js';

teach('老鬼·初版', { mission: { kind: 'dieRed' }, rank: 7 });
