// The expert's look-ahead (src/ai/lookahead.ts): a candidate, then the strong policy at every seat
// to the end of the turn, valued in the strong policy's currency. It plays on its world without
// changing it, gives the other seats only what the world shows them, and values a game over as
// won or lost.
import { describe, expect, it } from 'vitest';
import { legalActions, view } from '../../src/engine/index.js';
import { seedRng } from '../../src/engine/rng.js';
import type { GameState } from '../../src/engine/types.js';
import { StrongPolicy } from '../../src/ai/index.js';
import { lookahead, LOOK_WIN, memoryIn, positionValue, worldMemories } from '../../src/ai/lookahead.js';
import { sampleWorld } from '../../src/ai/sample.js';
import { playUntil } from './fixtures/strong-games.js';

const strong = new StrongPolicy();

describe('the look-ahead', () => {
  it('plays a candidate to the end of the turn on its world and leaves the world as it was', () => {
    let looked = 0;
    for (let g = 0; g < 6; g++) {
      const at = playUntil(40 + g, (s, seat) => s.pending?.kind === 'send' && s.pending.seat === seat && s.version > 30);
      if (!at) continue;
      const { s, seat, mems } = at;
      const v = view(s, seat);
      const world = sampleWorld(v, mems[seat], seedRng(g))!;
      const before = JSON.stringify(world);
      const ms = worldMemories(world, seat, mems[seat]);
      for (const a of legalActions(world, seat).slice(0, 3)) {
        const [value, n] = lookahead(world, a, seat, ms, strong);
        expect(Number.isFinite(value)).toBe(true);
        // The send, then at least the windows and the receive of the intel it sent.
        expect(n).toBeGreaterThan(1);
        looked++;
      }
      expect(JSON.stringify(world)).toBe(before);
    }
    expect(looked).toBeGreaterThan(6);
  });

  it('tells another seat the face of the intel in flight only where the world says it saw it', () => {
    let checked = 0;
    for (let g = 0; g < 10 && checked < 3; g++) {
      // Face-down intel (密电 or 直达) in flight, someone other than its sender to decide.
      const at = playUntil(60 + g, (s, seat) => !!s.transit && !s.transit.faceUp && s.pending?.kind === 'receive' && seat !== s.transit.sender);
      if (!at) continue;
      const { s, seat, mems } = at;
      const mine = mems[seat];
      const world = sampleWorld(view(s, seat), mine, seedRng(g))!;
      const sender = world.transit!.sender;
      expect(mine.transit!.knownTo & (1 << sender)).not.toBe(0);
      expect(memoryIn(world, sender, mine).transit!.card).toBe(world.transit!.card);
      for (let other = 0; other < 5; other++) {
        if (other === seat || mine.transit!.knownTo & (1 << other)) continue;
        expect(memoryIn(world, other, mine).transit!.card).toBeUndefined();
      }
      checked++;
    }
    expect(checked).toBe(3);
  });

  it('values a game over as won or lost for the seat', () => {
    const at = playUntil(81, (s) => s.result !== null && !s.result.draw);
    expect(at).not.toBeNull();
    const { s, mems } = at!;
    for (let seat = 0; seat < 5; seat++)
      expect(positionValue(s, seat, mems[seat], strong)).toBe(s.result!.winners.includes(seat) ? LOOK_WIN : -LOOK_WIN);
  });

  it('values a black intel in front of the seat as a loss for it', () => {
    const at = playUntil(82, (s, seat) => s.pending?.kind === 'send' && s.pending.seat === seat && s.version > 20);
    expect(at).not.toBeNull();
    const { s, seat, mems } = at!;
    const black = s.deck.find((id) => s.cards[id].color === '黑')!;
    const worse: GameState = structuredClone(s);
    worse.deck = worse.deck.filter((id) => id !== black);
    worse.players[seat].intel.push(black);
    expect(positionValue(worse, seat, mems[seat], strong)).toBeLessThan(positionValue(s, seat, mems[seat], strong));
  });
});
