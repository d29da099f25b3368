// The expert's search made faster must decide the same: a 9-player game with a 潜伏战线 faction of
// experts and one with a lone expert seat, the budget counted (no clock cap, so the worlds and their
// count are the view's), every action of the game hashed. The hashes were taken before the
// beliefs' fast paths of 2026-12-06 (beliefs-plain.test.ts) and hold after them. A change meant to
// change decisions (the strong policy, the search, a fit) changes them too: take them again then, and
// measure it as a change of strength (src/ai/README.md), not as a speed-up.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ExpertPolicy, playPolicyGame, StrongPolicy } from '../../src/ai/index.js';

function played(seed: number, faction: boolean): { hash: string; worlds: number } {
  const expert = new ExpertPolicy({ budgetMs: 100 });
  const strong = new StrongPolicy();
  const h = createHash('sha256');
  const run = playPolicyGame({
    players: 9,
    seed,
    options: { characters: true },
    seats: (i, id) => ((faction ? id === '潜伏战线' : i === seed % 9) ? expert : strong),
    onAction: (_b, a) => h.update(JSON.stringify(a)),
  });
  expect(run.error).toBeUndefined();
  return { hash: h.digest('hex').slice(0, 16), worlds: expert.stats().worlds };
}

describe('the expert at 9 players decides as it did before its search was made faster', () => {
  it('the same game, action for action, and the same worlds dealt', () => {
    expect([played(7700, true), played(7701, false)]).toEqual(PINNED);
  });
});

const PINNED = [
  { hash: 'b9509ced8ddb7c62', worlds: 160 },
  { hash: '671f87691cba7ebd', worlds: 153 },
];
