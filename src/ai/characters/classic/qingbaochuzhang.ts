// The strong policy's knowledge of 情报处长·初版 (隔墙有耳 as 003's knowledge: the card worth least goes).
import { RED } from '../../cards.js';
import { teach } from '../../strong-kit.js';

teach('情报处长·初版', { mission: { kind: 'color', x: RED } });
