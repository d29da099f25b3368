// The strong policy in 千智风声 (docs/rules.md §12): it plays the edition's own cards where they are
// worth it, and its lock comes before the send (the edition allows no 锁定 in 传递).
import { describe, expect, it } from 'vitest';
import { playPolicyGame } from '../../src/ai/play.js';
import { StrongPolicy } from '../../src/ai/strong.js';

describe('strong policy, 千智风声', () => {
  it('uses 转移, 调包, 增援 and 博弈 in whole games, and 锁定 only in 出牌阶段', () => {
    const plays: Record<string, number> = {};
    let lockInTransit = 0;
    for (let i = 0; i < 12; i++) {
      const run = playPolicyGame({ players: 5, seed: 300 + i, edition: 'qianzhi', options: { characters: false }, keepLog: true, invariants: true, seats: () => new StrongPolicy() });
      expect(run.error).toBeUndefined();
      expect(run.violations).toEqual([]);
      let passing = false;
      for (const e of run.log ?? []) {
        if (e.type === 'send') passing = true;
        if (e.type === 'turnStart') passing = false;
        if (e.type === 'play') {
          plays[e.as] = (plays[e.as] ?? 0) + 1;
          if (e.as === '锁定' && passing) lockInTransit++;
        }
      }
    }
    for (const card of ['转移', '调包', '增援', '博弈', '锁定']) expect(plays[card] ?? 0, card).toBeGreaterThan(0);
    expect(lockInTransit).toBe(0);
  });
});
