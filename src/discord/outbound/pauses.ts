// Games paused because the database would not save their moves (a click's, a bot seat's, a timeout):
// each is told so once in its channel, and once again when it goes on. The notices go straight to
// Discord: storing them in the outbox would fail, or wait on the lock, which is what they report.

export type PauseNotice = 'err.paused' | 'err.resumed';

export class Pauses {
  private readonly paused = new Set<number>();

  constructor(private readonly notice: (gameId: number, key: PauseNotice) => void) {}

  /** A move of these games could not be saved: those not yet paused are, and their channels told. */
  failed(gameIds: readonly number[]): void {
    for (const gameId of gameIds) {
      if (this.paused.has(gameId)) continue;
      this.paused.add(gameId);
      this.notice(gameId, 'err.paused');
    }
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
}
