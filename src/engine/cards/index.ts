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
import { shuffle } from './shuffle.js';

for (const rule of [lock, lure, intercept, returnCard, decode, burn, counter, probe, shuffle]) registerCard(rule);

export { RULES };
