// The policy the bot plays its seats with: AI seats, and absent players on autopilot, at the
// lobby's AI level (简单 baseline, 普通 strong, 困难 expert). It decides from the seat's view, its
// legal actions and a memory folded from the events that seat saw (src/ai), never from the raw
// state. The expert searches in a worker thread: its decisions are promises, and the event loop
// never waits on them.
import { legalActions, view, type Action, type GameEvent, type GameState, type GameView } from '../../engine/index.js';
import { makePolicy, newMemory, observeAll, type Policy, type SeatMemory } from '../../ai/index.js';
import { SearchThread } from '../../ai/worker/pool.js';
import type { SeatPolicy } from './drivers.js';
import type { EventLog } from '../session/event-log.js';
import type { AiLevel } from '../../lobby/model.js';

/** A seat's memory and the newest version it folded; while its stored log is read, that read and the commits noted meanwhile. */
interface Remembered {
  memory: SeatMemory;
  version: number;
  reading?: { ready: Promise<SeatMemory>; noted: { version: number; events: GameEvent[] }[] };
}

export interface AiSeats {
  decide: SeatPolicy;
  /**
   * The move the expert (困难) would make for a seat from what that seat may know: its view, legal
   * actions and memory, searched in the same thread as the 困难 seats (the coach's 提示).
   */
  advise(view: GameView, legal: readonly Action[], memory: SeatMemory): Promise<Action>;
  /** A game ended: drop what its seats remembered. */
  forget(gameId: number): void;
  /** Stops the search thread. */
  close(): Promise<void>;
}

export function aiSeats(
  log: EventLog,
  levelOf: (gameId: number) => AiLevel,
  o: { budgetMs?: number; capMs?: number; policyOf?: (level: AiLevel) => Policy } = {},
): AiSeats {
  const policies = new Map<AiLevel, Policy>();
  const policy = (level: AiLevel) => {
    let p = policies.get(level);
    if (!p) policies.set(level, (p = (o.policyOf ?? makePolicy)(level)));
    return p;
  };
  const thread = new SearchThread(o.budgetMs, o.capMs);
  /**
   * Per game and seat: the seat's memory and the version it has folded. Each commit's events are folded
   * as they are noted; a seat first played part way (a restart, a person on autopilot) is given the
   * game's stored log once, the commits noted while it was read kept until then.
   */
  const memories = new Map<number, Map<number, Remembered>>();
  log.listen((gameId, version, events) => {
    const seats = memories.get(gameId);
    for (const [seat, m] of seats ?? []) {
      if (m.reading) m.reading.noted.push({ version, events });
      else if (version > m.version) {
        try {
          m.memory = observeAll(m.memory, events);
          m.version = version;
        } catch {
          // Heard as part of a commit: a memory that cannot take it is read again from the store at the seat's next decision.
          seats!.delete(seat);
        }
      }
    }
  });
  /** The seat's memory of everything it was shown; a promise the first time (the stored log is read). */
  const remembered = (gameId: number, seat: number, v: GameView): SeatMemory | Promise<SeatMemory> => {
    let seats = memories.get(gameId);
    if (!seats) memories.set(gameId, (seats = new Map()));
    const m = seats.get(seat);
    if (m) return m.reading?.ready ?? m.memory;
    const fresh: Remembered = { memory: newMemory(v), version: -1 };
    const noted: { version: number; events: GameEvent[] }[] = [];
    const ready = log
      .all(gameId)
      .then((stored) => {
        let memory = observeAll(fresh.memory, stored.events);
        let version = stored.version;
        for (const c of noted) if (c.version > version) (memory = observeAll(memory, c.events)), (version = c.version);
        Object.assign(fresh, { memory, version, reading: undefined });
        return memory;
      })
      .catch((err: unknown) => {
        // The store could not be read, or its log folded: the next decision reads it again.
        if (seats.get(seat) === fresh) seats.delete(seat);
        throw err;
      });
    fresh.reading = { ready, noted };
    seats.set(seat, fresh);
    return ready;
  };
  const decide: SeatPolicy = (gameId: number, state: GameState, seat: number) => {
    const level = levelOf(gameId);
    const p = policy(level);
    const v = view(state, seat);
    const legal = legalActions(state, seat);
    if (!p.usesMemory) return p.decide(v, legal);
    const think = (memory: SeatMemory) =>
      // A single choice needs no thought, and no thread.
      level !== 'expert' || legal.length === 1 ? p.decide(v, legal, memory) : thread.decide(v, legal, memory);
    const memory = remembered(gameId, seat, v);
    return memory instanceof Promise ? memory.then(think) : think(memory);
  };
  return {
    decide,
    advise: async (v, legal, memory) => (legal.length === 1 ? legal[0] : thread.decide(v, legal, memory)),
    forget(gameId) {
      memories.delete(gameId);
    },
    close: () => thread.close(),
  };
}
