// How far each table is behind its game, exactly: the versions the bot committed (committed.ts, with
// the moment each was committed) and every look the table message took at the stand-in (observer.ts,
// with the moment it took it), merged in time order. A look of the table shows the newest version
// committed by then whose words it reads as. The table is behind whenever the version it shows reads
// differently from the newest committed one; a stall is one unbroken stretch of that, from the
// commit the table did not show to the look that caught up with the game. A game's first stretch
// starts when the game is created, before its table is posted at all.
import type { TableShown } from './observer.js';
import { tableFingerprint, type TrackedGame, type Version } from './committed.js';

export interface Stall {
  key: string;
  from: number;
  /** null: still behind when last looked at. */
  to: number | null;
}

class GameLag {
  readonly versions: Version[] = [];
  readonly shows: { at: number; fp: string }[] = [];
  /** Fingerprint of each version read so far (version → fp). */
  private readonly fpOf = new Map<number, string>();
  /** The newest version (committed by the time processed) that reads as each fingerprint. */
  private readonly latest = new Map<string, number>();
  private committed = -1;
  /** -1: no table yet, or one that reads as no version. */
  private shown = -1;
  behindSince: number | null = null;
  processedTo = 0;
  unmatched = 0;

  constructor(readonly key: string) {}

  process(until: number, out: Stall[]): void {
    for (;;) {
      const v = this.versions[0];
      const s = this.shows[0];
      const vAt = v && v.at <= until ? v.at : Infinity;
      const sAt = s && s.at <= until ? s.at : Infinity;
      if (vAt === Infinity && sAt === Infinity) break;
      if (vAt <= sAt) {
        this.versions.shift();
        // A row read late (its transaction committed after a poll that should have seen it) counts from now.
        const at = Math.max(v.at, this.processedTo);
        this.committed = v.version;
        this.fpOf.set(v.version, v.fp);
        this.latest.set(v.fp, v.version);
        this.step(at, out);
      } else {
        this.shows.shift();
        const k = this.latest.get(s.fp);
        if (k === undefined) this.unmatched++;
        this.shown = k ?? -1;
        this.step(Math.max(s.at, this.processedTo), out);
      }
    }
    this.processedTo = Math.max(this.processedTo, until);
  }

  private step(at: number, out: Stall[]): void {
    this.processedTo = at;
    const behind = this.committed >= 0 && (this.shown < 0 || this.fpOf.get(this.shown) !== this.fpOf.get(this.committed));
    if (behind && this.behindSince === null) this.behindSince = at;
    else if (!behind && this.behindSince !== null) {
      out.push({ key: this.key, from: this.behindSince, to: at });
      this.behindSince = null;
    }
  }
}

export class TableLag {
  private readonly games = new Map<string, GameLag>();
  /** Every finished stall, in the order they ended. */
  readonly stalls: Stall[] = [];

  private lag(key: string): GameLag {
    let g = this.games.get(key);
    if (!g) this.games.set(key, (g = new GameLag(key)));
    return g;
  }

  /** New versions of a game, read from its log (a game is known by its channel: one game a channel here). */
  committed(g: TrackedGame): void {
    this.lag(g.channelId).versions.push(...g.fresh.splice(0));
  }

  /** What a look of a table reads as, in the terms of the committed versions (committed.ts). */
  fingerprint(s: TableShown): string {
    return tableFingerprint(s.content, s.title, s.description);
  }

  /** A look of the table in a game's channel at the stand-in. */
  shown(channelId: string, s: TableShown): void {
    this.lag(channelId).shows.push({ at: s.at, fp: this.fingerprint(s) });
  }

  /** Merges everything up to `until` (a time by which every commit has been read). */
  process(until: number): void {
    for (const g of this.games.values()) g.process(until, this.stalls);
  }

  /** Stops following a game (finished, and its last table shown). */
  forget(channelId: string): void {
    this.games.delete(channelId);
  }

  /** The table looks that read as no committed version (their words are not the bot's table of any version). */
  unmatched(): number {
    let n = 0;
    for (const g of this.games.values()) n += g.unmatched;
    return n;
  }

  /** Whether a game is behind now (as far as processed), and since when. */
  behindSince(channelId: string): number | null {
    return this.games.get(channelId)?.behindSince ?? null;
  }

  /**
   * The stalls seen between `from` and `to`, each as long as it had lasted by the time it ended or
   * `to` came (a stall that began before `from` counts from its beginning). Process past `to` first.
   */
  within(from: number, to: number, channels?: Set<string>): number[] {
    const out: number[] = [];
    for (const s of this.stalls) if (s.from < to && s.to! > from && (!channels || channels.has(s.key))) out.push(Math.min(s.to!, to) - s.from);
    for (const g of this.games.values()) if (g.behindSince !== null && g.behindSince < to && (!channels || channels.has(g.key))) out.push(Math.min(g.processedTo, to) - g.behindSince);
    return out;
  }

  /** Drops finished stalls that ended before `t` (the soak keeps memory flat). */
  prune(t: number): void {
    const kept = this.stalls.filter((s) => s.to! >= t);
    this.stalls.splice(0, this.stalls.length, ...kept);
  }
}
