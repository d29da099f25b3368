// The game cards, one rule file each, registered into the core's registry (the core knows none of
// them by name). Importing this module registers them; src/engine/index.ts does.
import { registerCard, RULES } from '../registry.js';
import { burn } from './burn.js';
import { counter } from './counter.js';
import { decode } from './decode.js';
import { intercept } from './intercept.js';
import { lock } from './lock.js';
import { lure } from './lure.js';
import { probe } from './probe.js';
import { returnCard } from './return.js';
import { reinforce } from './reinforce.js';
import { shuffle } from './shuffle.js';
import { swap } from './swap.js';
import { transfer } from './transfer.js';
import { gamble } from './gamble.js';
import { weigh } from './weigh.js';

for (const rule of [lock, lure, intercept, returnCard, decode, burn, counter, probe, shuffle]) registerCard(rule);
// 千智风声's own cards (004_…).
for (const rule of [transfer, swap, reinforce, gamble, weigh]) registerCard(rule);

export { RULES };
