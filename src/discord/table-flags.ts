// The stored choices that change how the bot paces a table, read through a cache: 本回合不再响应 per
// seat and each player's standing choice of windows (store/table-prefs.ts keeps them).
import type { GameStore, RespondPref } from '../store/index.js';

export class TableFlags {
  private readonly quiet = new Map<number, (string | null)[]>();
  private readonly respond = new Map<string, RespondPref>();
  private readonly locales = new Map<string, string | null>();

  constructor(private readonly store: GameStore) {}

  /** Per seat: the turn in which the seat asked not to be asked again, or null. */
  quietTurns(gameId: number): (string | null)[] {
    let q = this.quiet.get(gameId);
    if (!q) {
      q = this.store.prefs.quietTurns(gameId);
      this.quiet.set(gameId, q);
    }
    return q;
  }

  setQuiet(gameId: number, seat: number, turn: string | null): void {
    if ((this.quietTurns(gameId)[seat] ?? null) === turn) return;
    this.store.prefs.setQuiet(gameId, seat, turn);
    this.quietTurns(gameId)[seat] = turn;
  }

  respondOf(userId: string): RespondPref {
    let r = this.respond.get(userId);
    if (!r) {
      r = this.store.prefs.respond(userId);
      this.respond.set(userId, r);
    }
    return r;
  }

  setRespond(userId: string, r: RespondPref): void {
    this.store.prefs.setRespond(userId, r, this.store.now());
    this.respond.set(userId, r);
  }

  /** The Discord language a user's interactions carry, remembered for what the bot DMs them. */
  noteLocale(userId: string, locale: string): void {
    if (this.localeOf(userId) === locale) return;
    this.store.prefs.setLocale(userId, locale, this.store.now());
    this.locales.set(userId, locale);
  }

  localeOf(userId: string): string | null {
    if (!this.locales.has(userId)) this.locales.set(userId, this.store.prefs.locale(userId));
    return this.locales.get(userId) ?? null;
  }

  forget(gameId: number): void {
    this.quiet.delete(gameId);
  }
}
