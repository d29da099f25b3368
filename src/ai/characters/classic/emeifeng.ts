// The strong policy's knowledge of 峨嵋风·初版 (截上 and 计中计 as 003's knowledge: a burn where it helps).
import { BLUE } from '../../cards.js';
import { teach } from '../../strong-kit.js';

teach('峨嵋风·初版', { mission: { kind: 'color', x: BLUE }, rank: 3 });
