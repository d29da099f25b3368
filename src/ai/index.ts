// The AI players: policies, their memory (a fold over the events a seat sees) and beliefs.
import { randomPolicy, type Policy } from './policy.js';
import { StrongPolicy, type StrongParams } from './strong.js';
import { BaselinePolicy } from './baseline.js';
import { ExpertPolicy } from './expert.js';

export { explainBeliefs, marginals, pAlly, type Beliefs, type SeatBelief } from './beliefs.js';
export { newMemory, observe, observeAll, rebuildMemory, visibleTo, type MemoryOptions, type SeatMemory } from './memory.js';
export { randomPolicy, viewSeed, type Policy, type RandomPolicyOptions } from './policy.js';
export { BaselinePolicy } from './baseline.js';
export { ExpertPolicy, CAP_FACTOR, STEPS_PER_MS, type ExpertOptions } from './expert.js';
export { DEFAULT_PARAMS, StrongPolicy, type StrongParams } from './strong.js';
export { playPolicyGame, type PolicyGameOptions, type PolicyGameRun } from './play.js';

/** Policy names accepted by makePolicy (and by `npm run sim -- --ai NAME`). */
export const POLICY_NAMES = ['random', 'baseline', 'strong', 'expert'] as const;
export type PolicyName = (typeof POLICY_NAMES)[number];

export function isPolicyName(x: string): x is PolicyName {
  return (POLICY_NAMES as readonly string[]).includes(x);
}

/** A policy by name. */
export function makePolicy(name: PolicyName, o: { params?: Partial<StrongParams>; budgetMs?: number; capMs?: number } = {}): Policy {
  switch (name) {
    case 'random':
      return randomPolicy();
    case 'baseline':
      return new BaselinePolicy();
    case 'strong':
      return new StrongPolicy('strong', o.params);
    case 'expert':
      return new ExpertPolicy({ budgetMs: o.budgetMs, capMs: o.capMs });
  }
}
