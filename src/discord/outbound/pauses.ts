// Games paused because the database would not save their moves (a click's, a bot seat's, a timeout):
// each is told so once in its channel, and once again when it goes on. The notices go straight to
// Discord: storing them in the outbox would fail, or wait on the lock, which is what they report.
// A paused game waiting on a person (told 恢复后请再点一次) has no move of its own to save, so while
// any game is paused the database is tried (a write that changes nothing), later and later, and
// once it takes it every paused game is told it goes on.
import type { TimerHost } from '../../store/timers.js';

export type PauseNotice = 'err.paused' | 'err.resumed';

/** The first try 1 s after a game is paused, doubling up to 8 s. */
export const PROBE_FIRST_MS = 1_000;
export const PROBE_MAX_MS = 8_000;

export interface PauseProbe {
  /** Resolves when the database took a write for one of these games' servers; rejects when it did not. */
  write(gameIds: number[]): Promise<void>;
  timers: TimerHost;
}

export class Pauses {
  private readonly paused = new Set<number>();
  private probing: unknown = null;
  private tries = 0;

  constructor(
    private readonly notice: (gameId: number, key: PauseNotice) => void,
    private readonly probe?: PauseProbe,
  ) {}

  /** A move of these games could not be saved: those not yet paused are, and their channels told. */
  failed(gameIds: readonly number[]): void {
    for (const gameId of gameIds) {
      if (this.paused.has(gameId)) continue;
      this.paused.add(gameId);
      this.notice(gameId, 'err.paused');
    }
    this.schedule();
  }

  /** A move of the game was saved: if it was paused, its channel is told it goes on. */
  saved(gameId: number): void {
    if (this.paused.delete(gameId)) this.notice(gameId, 'err.resumed');
  }

  /** The database takes writes again: every paused game goes on. */
  recovered(): void {
    for (const gameId of [...this.paused]) this.saved(gameId);
  }

  /** A game that ended or was stopped is no longer waited on. */
  forget(gameId: number): void {
    this.paused.delete(gameId);
  }

  stop(): void {
    if (this.probing !== null) this.probe?.timers.clearTimeout(this.probing);
    this.probing = null;
  }

  private schedule(): void {
    if (!this.probe || this.probing !== null || this.paused.size === 0) return;
    const wait = Math.min(PROBE_MAX_MS, PROBE_FIRST_MS * 2 ** this.tries);
    this.probing = this.probe.timers.setTimeout(() => void this.check(), wait);
  }

  private async check(): Promise<void> {
    const probe = this.probe!;
    try {
      await probe.write([...this.paused]);
      this.tries = 0;
      this.probing = null;
      this.recovered();
    } catch {
      this.tries++;
      this.probing = null;
      this.schedule();
    }
  }
}
