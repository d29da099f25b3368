// A player who dies with a skill still to decide keeps their cards until it is decided; if the
// game ends first, they still give them up (found by strong-AI random play, seed below).
import { describe, expect, it } from 'vitest';
import { makePolicy, playPolicyGame } from '../../src/ai/index.js';

describe('deferred clean-up when the game ends', () => {
  it('no dead player holds cards after the game is over', () => {
    const run = playPolicyGame({ players: 5, seed: 2655069281, edition: 'standard', options: { characters: true }, invariants: true, seats: () => makePolicy('strong') });
    expect(run.error).toBeUndefined();
    expect(run.violations).toEqual([]);
    expect(run.state.result).not.toBeNull();
    for (const p of run.state.players) if (!p.alive || p.out) expect(p.hand.length + p.intel.length).toBe(0);
  });
});
