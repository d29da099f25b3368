// The strong policy's knowledge of 译电员·初版: its 机密任务, and its 速译 (a trigger here, an active skill in
// 003): a free card and a look at the intel, and 洞悉 turns her face down again, so always yes.
import { BLUE } from '../../cards.js';
import { teach } from '../../strong-kit.js';
import { yes } from '../common.js';

teach('译电员·初版', { mission: { kind: 'color', x: BLUE }, rank: 9, own: { 速译: { decide: yes } } });
