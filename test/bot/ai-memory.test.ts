// An AI seat's memory (seats/ai-seats.ts) is folded from each commit's events as the event log notes
// them; a seat first played part way (a restart, a person on autopilot) reads the game's stored log
// once, and the commits noted while it is read are folded after it, none twice and none lost. The
// seats play a policy that records the memory it is given; the memory must be the one observeAll folds
// over the whole log.
import { afterEach, describe, expect, it } from 'vitest';
import { apply, legalActions, newGame, view, waitingOn, type Action, type GameState } from '../../src/engine/index.js';
import type { GameEvent } from '../../src/engine/types.js';
import { makePolicy, newMemory, observeAll, type Policy, type SeatMemory } from '../../src/ai/index.js';
import { aiSeats, type AiSeats } from '../../src/discord/seats/ai-seats.js';
import type { EventLog, EventListener, StoredEvents } from '../../src/discord/session/event-log.js';

const given: SeatMemory[] = [];
/** The policy the seats play with here: it records the memory it is given and plays the first legal action. */
const recording = () => ({ name: 'recording', usesMemory: true, decide: (_v: unknown, legal: readonly Action[], memory?: SeatMemory) => (given.push(memory!), legal[0]) }) as unknown as Policy;

let seats: AiSeats | undefined;
afterEach(async () => {
  await seats?.close();
  seats = undefined;
  given.length = 0;
});

/** A whole game's commits (at most 120), played by the strong policy itself. */
function commitsOf():  { version: number; events: GameEvent[]; state: GameState }[] {
  const start = newGame({ seed: 11, players: ['A', 'B', 'C', 'D', 'E'], options: { characters: true } });
  const commits = [{ version: 0, events: start.events, state: start.state }];
  const strong = makePolicy('strong');
  const log = [...start.events];
  let s = start.state;
  while (!s.result && commits.length < 120) {
    const seat = waitingOn(s)[0];
    const r = apply(s, strong.decide(view(s, seat), legalActions(s, seat), observeAll(newMemory(view(s, seat)), log)));
    if (!r.ok) throw new Error(r.reason);
    log.push(...r.events);
    s = r.state;
    commits.push({ version: s.version, events: r.events, state: s });
  }
  return commits;
}

describe("an AI seat's memory", () => {
  it('is the stored log read once, then every commit noted meanwhile and after, each folded once', async () => {
    const commits = commitsOf();
    const n = commits.length;
    let hear: EventListener = () => undefined;
    let read: (r: StoredEvents) => void = () => undefined;
    let reads = 0;
    const log = {
      listen: (l: EventListener) => void (hear = l),
      all: () => (reads++, new Promise<StoredEvents>((ok) => (read = ok))),
    } as unknown as EventLog;
    seats = aiSeats(log, () => 'strong', { budgetMs: 10, capMs: Infinity, policyOf: recording });
    // First asked at the fifth commit; the store is read when 30 commits were stored, and commits
    // 6–40 are noted before the read is back (those up to 30 it already holds), the rest after.
    const seat = 2;
    const first = commits[5].state;
    const asked = seats.decide(1, first, seat);
    expect(asked).toBeInstanceOf(Promise);
    for (const c of commits.slice(6, 41)) hear(1, c.version, c.events);
    read({ events: commits.slice(0, 31).flatMap((c) => c.events), version: commits[30].version });
    await asked;
    for (const c of commits.slice(41)) hear(1, c.version, c.events);
    // Commits heard twice are folded once.
    for (const c of commits.slice(41, 61)) hear(1, c.version, c.events);
    const last = commits[n - 1].state;
    seats.decide(1, last, seat);
    const all = commits.flatMap((c) => c.events);
    expect(given.at(-1)).toEqual(observeAll(newMemory(view(first, seat)), all));
    expect(given[0]).toEqual(observeAll(newMemory(view(first, seat)), commits.slice(0, 41).flatMap((c) => c.events)));
    expect(reads).toBe(1);
  });

  it('is forgotten with its game: asked again, the seat reads the stored log again', async () => {
    const commits = commitsOf();
    let reads = 0;
    const log = { listen: () => undefined, all: async () => (reads++, { events: commits[3].events, version: 3 }) } as unknown as EventLog;
    seats = aiSeats(log, () => 'strong', { budgetMs: 10, capMs: Infinity, policyOf: recording });
    await seats.decide(7, commits[3].state, 0);
    seats.decide(7, commits[3].state, 0);
    seats.forget(7);
    await seats.decide(7, commits[3].state, 0);
    expect(reads).toBe(2);
  });

  it('is read again at the next decision when the store could not be read', async () => {
    const commits = commitsOf();
    let reads = 0;
    const log = {
      listen: () => undefined,
      all: async () => {
        if (reads++ === 0) throw new Error('database is locked');
        return { events: commits[3].events, version: 3 };
      },
    } as unknown as EventLog;
    seats = aiSeats(log, () => 'strong', { budgetMs: 10, capMs: Infinity, policyOf: recording });
    await expect(seats.decide(7, commits[3].state, 0)).rejects.toThrow('database is locked');
    await seats.decide(7, commits[3].state, 0);
    expect(reads).toBe(2);
    expect(given).toHaveLength(1);
  });

  it('is read again at the next decision when the stored log could not be folded, and hears nothing meanwhile', async () => {
    const commits = commitsOf();
    let reads = 0;
    let hear: EventListener = () => undefined;
    const log = {
      listen: (l: EventListener) => void (hear = l),
      // The first read hands back an event the memory cannot take.
      all: async () => (reads++ === 0 ? { events: [null], version: 3 } : { events: commits.slice(0, 4).flatMap((c) => c.events), version: commits[3].version }),
    } as unknown as EventLog;
    seats = aiSeats(log, () => 'strong', { budgetMs: 10, capMs: Infinity, policyOf: recording });
    await expect(seats.decide(7, commits[3].state, 0)).rejects.toThrow();
    // What is noted now is not kept for a read that failed.
    hear(7, commits[4].version, commits[4].events);
    await seats.decide(7, commits[4].state, 0);
    expect(reads).toBe(2);
    expect(given).toEqual([observeAll(newMemory(view(commits[3].state, 0)), commits.slice(0, 4).flatMap((c) => c.events))]);
  });
});
