// The bot's seat policy plays at the lobby's AI level: 简单 the baseline, 普通 the strong policy,
// 困难 the expert, whose answer comes from the search thread (a promise: the event loop goes on).
import { afterEach, describe, expect, it } from 'vitest';
import { apply, legalActions, newGame, view, waitingOn, type GameState } from '../../src/engine/index.js';
import type { GameEvent } from '../../src/engine/types.js';
import { makePolicy, newMemory, observeAll } from '../../src/ai/index.js';
import { aiSeats, type AiSeats } from '../../src/discord/seats/ai-seats.js';
import type { EventLog } from '../../src/discord/session/event-log.js';
import type { AiLevel } from '../../src/lobby/model.js';

let seats: AiSeats | undefined;
afterEach(async () => {
  await seats?.close();
  seats = undefined;
});

/** A game played by strong seats until a seat must send (a decision with many choices). */
function atSend(): { s: GameState; log: GameEvent[]; seat: number } {
  const start = newGame({ seed: 11, players: ['A', 'B', 'C', 'D', 'E'], options: { characters: false } });
  let s = start.state;
  const log = [...start.events];
  const strong = makePolicy('strong');
  while (s.pending?.kind !== 'send') {
    const seat = waitingOn(s)[0];
    const r = apply(s, strong.decide(view(s, seat), legalActions(s, seat), observeAll(newMemory(view(s, seat)), log)));
    if (!r.ok) throw new Error(r.reason);
    log.push(...r.events);
    s = r.state;
  }
  return { s, log, seat: s.pending.seat };
}

describe('AI seats at the lobby level', () => {
  it('简单 decides at once as the baseline, 普通 as the strong policy (its first decision after reading the stored log), 困难 from the search thread', async () => {
    const { s, log, seat } = atSend();
    const levels = new Map<number, AiLevel>([
      [1, 'baseline'],
      [2, 'strong'],
      [3, 'expert'],
    ]);
    seats = aiSeats({ listen: () => undefined, all: async () => ({ events: log, version: s.version }) } as unknown as EventLog, (gameId) => levels.get(gameId)!, { budgetMs: 10, capMs: Infinity });
    const v = view(s, seat);
    const legal = legalActions(s, seat);
    const memory = observeAll(newMemory(v), log);
    expect(seats.decide(1, s, seat)).toEqual(makePolicy('baseline').decide(v, legal));
    // A seat's first decision reads the game's stored log (a promise); after it, its memory is kept.
    expect(await seats.decide(2, s, seat)).toEqual(makePolicy('strong').decide(v, legal, memory));
    expect(seats.decide(2, s, seat)).toEqual(makePolicy('strong').decide(v, legal, memory));
    const answer = seats.decide(3, s, seat);
    expect(answer).toBeInstanceOf(Promise);
    const a = await answer;
    expect(legal.map((x) => JSON.stringify(x))).toContain(JSON.stringify(a));
    expect(a).toEqual(makePolicy('expert', { budgetMs: 10 }).decide(v, legal, memory));
  }, 60_000);
});
