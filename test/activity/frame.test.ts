// What a viewer's frame offers (src/activity/frame.ts), as the panel does: 本回合不再响应 all through the
// turns for a seat in the game, not only in response windows; not while characters are chosen.
import { describe, expect, it } from 'vitest';
import { frameOf, type FrameInput } from '../../src/activity/frame.js';
import { apply, newGame, type GameState } from '../../src/engine/index.js';
import { seedRng } from '../../src/engine/rng.js';
import { randomAction } from '../../src/sim/random-play.js';
import { identityText } from '../../src/discord/render/words.js';

const input = (state: GameState, seat: number): FrameInput => ({ gameId: 1, state, seat, l: 'zh-CN', now: 0, log: [], secrets: [], ai: [], autopilot: [], quiet: false, windowMs: null });

describe("a viewer's frame", () => {
  it('offers 本回合不再响应 outside response windows too, as the panel does, but not while characters are chosen', () => {
    let state = newGame({ seed: 3, players: ['A', 'B', 'C', 'D', 'E'], edition: 'standard', options: { characters: true } }).state;
    expect(state.pending?.kind).toBe('chooseCharacter');
    expect(frameOf(input(state, 1)).quiet).toBeNull();
    const rng = seedRng(3);
    let outside = 0;
    for (let k = 0; k < 400 && !state.result; k++) {
      const r = apply(state, randomAction(state, rng));
      if (!r.ok) throw new Error(r.reason);
      state = r.state;
      if (!state.pending || state.pending.kind === 'window' || state.pending.kind === 'chooseCharacter' || state.result) continue;
      const seat = state.players.findIndex((p) => p.alive && !p.out);
      expect(frameOf(input(state, seat)).quiet, state.pending.kind).toBe(false);
      outside++;
    }
    expect(outside).toBeGreaterThan(10);
  });

  it("says at the end how the viewer's own seat did, as the panel does; a spectator reads only who won", () => {
    let state = newGame({ seed: 5, players: ['A', 'B', 'C', 'D', 'E'], edition: 'standard' }).state;
    const rng = seedRng(5);
    for (let k = 0; k < 2000 && !state.result; k++) {
      const r = apply(state, randomAction(state, rng));
      if (!r.ok) throw new Error(r.reason);
      state = r.state;
    }
    const result = state.result;
    if (!result) throw new Error('the game did not end');
    const yours = state.players.map((_, seat) => frameOf(input(state, seat)).yours ?? '');
    const won = (seat: number) => result.winners.includes(seat) || (result.alongside ?? []).includes(seat);
    state.players.forEach((p, seat) => {
      expect(yours[seat]).toMatch(result.draw ? /平局/ : won(seat) ? /你赢了/ : /你输了/);
      expect(yours[seat]).toContain(identityText('zh-CN', p.identity));
    });
    const watcher = frameOf({ ...input(state, 0), seat: null });
    expect(watcher.yours).toBeNull();
    expect(watcher.result).toBe(frameOf(input(state, 0)).result);
    // Before the end, nobody is told anything of the kind.
    expect(frameOf(input(newGame({ seed: 5, players: ['A', 'B', 'C', 'D', 'E'], edition: 'standard' }).state, 0)).yours).toBeNull();
  });
});
