// What a commit owes (src/discord/outbound/owed.ts): `any` lets the store skip reading a commit's rows,
// so it must never say no to a commit that owes a DM.
import { describe, expect, it } from 'vitest';
import { owes, WELCOME_GRACE_MS } from '../../src/discord/outbound/owed.js';
import { apply, newGame, type GameEvent, type GameState } from '../../src/engine/index.js';
import { seedRng } from '../../src/engine/rng.js';
import { randomAction } from '../../src/sim/random-play.js';
import type { Committed, OwedRows } from '../../src/store/index.js';

function* commits(players: number, seed: number): Generator<Committed> {
  const names = Array.from({ length: players }, (_, i) => String.fromCharCode(65 + i));
  const created = newGame({ seed, players: names, edition: 'standard', options: { characters: true } });
  let state: GameState = created.state;
  let events: GameEvent[] = created.events;
  const rng = seedRng(seed);
  for (let version = 0; ; version++) {
    yield { ok: true, gameId: 1, version, action: null, state, events, finished: state.result !== null, at: 0 };
    if (state.result || version > 5000) return;
    const r = apply(state, randomAction(state, rng));
    if (!r.ok) throw new Error(r.reason);
    state = r.state;
    events = r.events;
  }
}

describe('what a commit owes', () => {
  it('says a commit may owe something whenever it owes a DM, and spares most commits the reading of their rows', () => {
    let all = 0;
    let read = 0;
    let owing = 0;
    for (const players of [5, 7, 9])
      for (let seed = 1; seed <= 4; seed++)
        for (const c of commits(players, seed)) {
          const users = c.state.players.map((_, i) => `u${i}`);
          const rows: OwedRows = { guildId: 'g', channelId: 'c', users, language: null, locales: new Map() };
          const owed = owes.word(c, rows);
          all++;
          if (owes.any(c)) read++;
          if (owed.length) {
            owing++;
            expect(owes.any(c), `version ${c.version}: ${c.events.map((e) => e.type).join(' ')}`).toBe(true);
          }
          // Every DM but the first (secrets alone, or the result) names its seat: pings.ts drops it for a player watching their
          // panel, which shows all it says. The first DM names its seat too and waits WELCOME_GRACE_MS: pings.ts drops it for a
          // player who opened their panel meanwhile.
          const start = c.events.some((ev) => ev.type === 'gameStart');
          for (const o of owed) {
            const seat = users.indexOf(o.target);
            expect(o.purpose).toBe(start ? `welcome:${seat}` : `secret:${seat}`);
            expect(o.delayMs).toBe(start ? WELCOME_GRACE_MS : undefined);
          }
        }
    expect(owing).toBeGreaterThan(12 * 2);
    // The deal, the result and what others did to one alone: a few commits in a hundred.
    expect(read / all).toBeLessThan(0.2);
  });
});
