// Who sits where never changes during a game: read it once per game, not on every commit.
import type { GameStore } from '../store/index.js';

export class SeatUsers {
  private readonly cache = new Map<number, (string | null)[]>();

  constructor(private readonly store: GameStore) {}

  /** Discord user id by seat; null for an AI seat. */
  of(gameId: number): (string | null)[] {
    let users = this.cache.get(gameId);
    if (!users) {
      users = this.store.seats(gameId).map((s) => s.userId);
      if (users.length) this.cache.set(gameId, users);
    }
    return users;
  }

  seatOf(gameId: number, userId: string): number {
    return this.of(gameId).indexOf(userId);
  }

  forget(gameId: number): void {
    this.cache.delete(gameId);
  }
}
