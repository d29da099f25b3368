// Who sits where never changes during a game: read it once per game, not on every commit.
import type { GameStore } from '../../store/index.js';

export class SeatUsers {
  private readonly cache = new Map<number, (string | null)[]>();

  constructor(private readonly store: GameStore) {}

  /** Reads the game's seats once (Bot.prepare). */
  async load(gameId: number): Promise<void> {
    if (this.cache.has(gameId)) return;
    const users = (await this.store.seats(gameId)).map((s) => s.userId);
    if (users.length) this.cache.set(gameId, users);
  }

  /** Discord user id by seat; null for an AI seat. Empty for a game not loaded. */
  of(gameId: number): (string | null)[] {
    return this.cache.get(gameId) ?? [];
  }

  seatOf(gameId: number, userId: string): number {
    return this.of(gameId).indexOf(userId);
  }

  forget(gameId: number): void {
    this.cache.delete(gameId);
  }
}
