// The factor the table pictures' interval is stretched by while the event loop trails (src/run/strain.ts).
import { describe, expect, it } from 'vitest';
import { EASY_LAG_MS, MAX_STRETCH, nextStretch, STRAINED_LAG_MS, watchStrain } from '../../src/run/strain.js';

describe('the strain on the event loop', () => {
  it('stretches the picture interval while the loop trails, up to MAX_STRETCH, and gives it back once it keeps up', () => {
    let s = 1;
    const seconds = (lagMs: number, n: number) => {
      for (let k = 0; k < n; k++) s = nextStretch(s, lagMs);
      return s;
    };
    expect(seconds(EASY_LAG_MS + 1, 5)).toBe(1);
    expect(seconds(STRAINED_LAG_MS + 1, 1)).toBe(1.5);
    expect(seconds(STRAINED_LAG_MS + 20, 20)).toBe(MAX_STRETCH);
    // Between the two marks it holds where it is (no flapping around one threshold).
    expect(seconds((EASY_LAG_MS + STRAINED_LAG_MS) / 2, 10)).toBe(MAX_STRETCH);
    expect(seconds(0, 3)).toBeCloseTo(MAX_STRETCH / 1.25 ** 3);
    expect(seconds(0, 30)).toBe(1);
  });

  it('starts at 1 in a process that keeps up', () => {
    const strain = watchStrain();
    try {
      expect(strain.stretch()).toBe(1);
    } finally {
      strain.stop();
    }
  });
});
