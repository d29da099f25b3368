// The open picture of a replay (src/discord/replay.ts): every hand, identity, character and
// face-down card of an ended game's moment, drawn by the table's own renderer. Only an ended
// game's state may be drawn so; the public picture is unchanged by it.
import { describe, expect, it } from 'vitest';
import { decider, view } from '../../src/engine/index.js';
import { openPictureInput, pictureInput, pictureKey } from '../../src/picture/input.js';
import { seededMoment } from '../../src/picture/moments.js';
import { drawTablePicture } from '../../src/picture/table.js';

const moment = (seed: number, players: number, actions: number) => seededMoment({ seed, players, actions, characters: true, edition: 'standard' }).state;

describe('the open picture of an ended game', () => {
  it('is refused for a game still being played, or a broken one', () => {
    const state = moment(9, 3, 153);
    for (const status of ['active', 'broken', ''])
      expect(() => openPictureInput('zh-CN', state, { status, ai: [] }), status).toThrow(/ended game/);
  });

  it('shows every hand, identity and character, and the intel in transit although it travels face down', () => {
    const state = moment(9, 3, 153);
    const pub = view(state, null);
    expect(pub.transit?.card).toBeUndefined();
    const open = openPictureInput('zh-CN', state, { status: 'finished', ai: [1] });
    expect(open.open).toBe(true);
    state.players.forEach((p, i) => {
      expect(open.seats[i].identity).toBe(p.identity);
      expect(open.seats[i].cards!.map((c) => c.name)).toEqual(p.hand.map((id) => state.cards[id].name));
      expect(open.seats[i].character).toBe(state.chars!.seats[i].name);
      expect(open.seats[i].characterDown ?? false).toBe(!state.chars!.seats[i].faceUp);
    });
    expect(open.seats[1].ai).toBe(true);
    const sent = state.cards[state.transit!.card];
    expect(open.transit!.card).toEqual({ name: sent.name, color: sent.color, mode: sent.mode });
    expect(open.transit!.hidden).toBe(true);
    // A replayed moment has no clock.
    expect(open.pending && 'deadline' in open.pending).toBeFalsy();
  });

  it('draws what the public picture hides: a different picture, and the public one is as before', () => {
    const state = moment(6, 9, 391);
    const tags = { ai: [2], autopilot: [], decider: decider(state) };
    const before = pictureKey(pictureInput('zh-CN', view(state, null), tags));
    const open = drawTablePicture(openPictureInput('zh-CN', state, { status: 'aborted', ai: [2] }));
    const pub = pictureInput('zh-CN', view(state, null), tags);
    expect(pictureKey(pub)).toBe(before);
    expect(pub.open).toBeUndefined();
    expect(pub.seats.some((s) => s.cards)).toBe(false);
    expect(open.png.equals(drawTablePicture(pub).png)).toBe(false);
    expect(open.png.subarray(1, 4).toString()).toBe('PNG');
    expect(open.png.length).toBeLessThan(150_000);
  });
});
