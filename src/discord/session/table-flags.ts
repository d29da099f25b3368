// The stored choices that change how the bot paces a table, read through a cache: 本回合不再响应 per
// seat and each player's standing choice of windows (store/table-prefs.ts keeps them).
import type { GameStore, RespondPref } from '../../store/index.js';

export class TableFlags {
  private readonly quiet = new Map<number, (string | null)[]>();
  private readonly respond = new Map<string, RespondPref>();
  private readonly locales = new Map<string, string | null>();

  constructor(private readonly store: GameStore) {}

  /** Reads the game's flags and its players' standing choices once (Bot.prepare). */
  async load(gameId: number, userIds: (string | null)[]): Promise<void> {
    if (!this.quiet.has(gameId)) {
      const q = await this.store.repos.prefs.quietTurns(gameId);
      if (!this.quiet.has(gameId)) this.quiet.set(gameId, q);
    }
    for (const u of userIds) if (u) await this.loadUser(u);
  }

  /** Reads a user's choices once (their window choice and the language they use). */
  async loadUser(userId: string): Promise<void> {
    if (!this.respond.has(userId)) {
      const r = await this.store.repos.prefs.respond(userId);
      if (!this.respond.has(userId)) this.respond.set(userId, r);
    }
    if (!this.locales.has(userId)) {
      const l = await this.store.repos.prefs.locale(userId);
      if (!this.locales.has(userId)) this.locales.set(userId, l);
    }
  }

  /** Per seat: the turn in which the seat asked not to be asked again, or null. */
  quietTurns(gameId: number): (string | null)[] {
    let q = this.quiet.get(gameId);
    if (!q) this.quiet.set(gameId, (q = []));
    return q;
  }

  setQuiet(gameId: number, seat: number, turn: string | null): void {
    if ((this.quietTurns(gameId)[seat] ?? null) === turn) return;
    this.store.background(this.store.repos.prefs.setQuiet(gameId, seat, turn), '本回合不再响应');
    this.quietTurns(gameId)[seat] = turn;
  }

  respondOf(userId: string): RespondPref {
    return this.respond.get(userId) ?? 'all';
  }

  setRespond(userId: string, r: RespondPref): void {
    this.store.background(this.store.repos.prefs.setRespond(userId, r, this.store.now()), 'a window choice');
    this.respond.set(userId, r);
  }

  /** The Discord language a user's interactions carry, remembered for what the bot DMs them. */
  async noteLocale(userId: string, locale: string): Promise<void> {
    await this.loadUser(userId);
    if (this.localeOf(userId) === locale) return;
    await this.store.repos.prefs.setLocale(userId, locale, this.store.now());
    this.locales.set(userId, locale);
  }

  localeOf(userId: string): string | null {
    return this.locales.get(userId) ?? null;
  }

  forget(gameId: number): void {
    this.quiet.delete(gameId);
  }
}
