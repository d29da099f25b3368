// The bench's measure of a table trailing its game (lag.ts), on made-up commits and table looks.
import { describe, expect, it } from 'vitest';
import type { TrackedGame } from './committed.js';
import { TableLag } from './lag.js';
import type { TableShown } from './observer.js';

/** A game in channel `c` whose versions read as the given words, committed at the given times. */
function commits(lag: TableLag, c: string, versions: [at: number, words: string][], from = 0): void {
  const fresh = versions.map(([at, words], k) => ({ version: from + k, at, fp: words }));
  lag.committed({ channelId: c, fresh } as unknown as TrackedGame);
}

/** The table reading as `words` (the fingerprint of its text is the bench's; here the words are given as they are). */
const look = (at: number, words: string): TableShown => ({ at, messageId: '1', content: words, title: '', description: '' });

describe('TableLag', () => {
  it('a stall runs from the first commit the table does not show to the look that shows the game again', () => {
    const lag = new TableLag();
    const words = (w: string) => lag.fingerprint(look(0, w));
    // Versions 0–3 read A, B, C, C; the table shows A at 10 and C at 2,500 (B never).
    commits(lag, 'c', [
      [0, words('A')],
      [1000, words('B')],
      [1500, words('C')],
      [2000, words('C')],
    ]);
    lag.shown('c', look(10, 'A'));
    lag.shown('c', look(2500, 'C'));
    lag.process(10_000);
    // Behind from 0 (version 0 committed, no table yet) to 10, and from 1,000 (B committed) to 2,500.
    expect(lag.stalls.map((s) => [s.from, s.to])).toEqual([
      [0, 10],
      [1000, 2500],
    ]);
    expect(lag.within(0, 10_000)).toEqual([10, 1500]);
    expect(lag.within(2000, 3000)).toEqual([1500]);
    expect(lag.unmatched()).toBe(0);
  });

  it('a look of an older version that reads like the newest one is up to date; a stall still open counts up to the end asked for', () => {
    const lag = new TableLag();
    const words = (w: string) => lag.fingerprint(look(0, w));
    commits(lag, 'c', [
      [0, words('A')],
      [100, words('A')],
      [200, words('B')],
    ]);
    lag.shown('c', look(50, 'A'));
    lag.process(1000);
    // A at 50 is version 0 (the newest reading A by then) and stays up to date through version 1; B at 200 is not shown.
    expect(lag.stalls).toEqual([{ key: 'c', from: 0, to: 50 }]);
    expect(lag.behindSince('c')).toBe(200);
    expect(lag.within(0, 700)).toEqual([50, 500]);
  });

  it('a table edited every second with a state a little old trails by that much, not by the whole time it never quite caught up', () => {
    const lag = new TableLag();
    // A commit every 300 ms, each reading differently; every second a look shows the version committed 400 ms before it.
    commits(
      lag,
      'c',
      Array.from({ length: 40 }, (_, k) => [k * 300, lag.fingerprint(look(0, `v${k}`))] as [number, string]),
    );
    for (let t = 1000; t < 12_000; t += 1000) lag.shown('c', look(t, `v${Math.floor((t - 400) / 300)}`));
    lag.process(12_000);
    // Each look shows a version replaced 100–400 ms before it, and the next look comes a second later: at most 1.3 s behind.
    expect(Math.max(...lag.within(0, 11_500))).toBe(1300);
    expect(lag.unmatched()).toBe(0);
  });

  it('a look that reads as no version counts as behind, and is counted', () => {
    const lag = new TableLag();
    commits(lag, 'c', [[0, lag.fingerprint(look(0, 'A'))]]);
    lag.shown('c', look(5, 'A'));
    lag.shown('c', look(10, 'something else'));
    lag.shown('c', look(30, 'A'));
    lag.process(100);
    expect(lag.unmatched()).toBe(1);
    expect(lag.within(0, 100)).toEqual([5, 20]);
  });
});
