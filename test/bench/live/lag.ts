// How far each table is behind its game, exactly: the versions the bot committed (committed.ts, with
// the moment each was committed) and every look the table message took at the stand-in (observer.ts,
// with the moment it took it), merged in time order. A look of the table shows the newest version
// committed by then whose words it reads as. At any moment the table is as far behind as it is long
// since the state it shows was replaced: since the first commit after the shown version that reads
// differently (0 while the shown version reads as the newest). A stall is one stretch of being behind,
// from that commit to the look that ends it (caught up, or showing a newer state that is itself
// already replaced, which starts the next stretch from when that one was). Before its table is posted
// at all, a game is behind from its creation. The longest a table trails is the longest stall.
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
  /** The versions read so far, in order (version k at index k). */
  private readonly read: Version[] = [];
  /** The newest version (committed by the time processed) that reads as each fingerprint. */
  private readonly latest = new Map<string, number>();
  /** -1: no table yet, or one that reads as no version. */
  private shown = -1;
  /** When the state the table shows was replaced (null: it is the newest). */
  behindSince: number | null = null;
  processedTo = 0;
  unmatched = 0;
  /** With TableLag.tracing: every commit and look merged, as [at, what] (test/load/stalls.ts --trace). */
  trace: [number, string][] | null = null;

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
        this.processedTo = at;
        this.read[v.version] = { ...v, at };
        this.latest.set(v.fp, v.version);
        this.trace?.push([at, `commit v${v.version}${this.read[v.version - 1]?.fp === v.fp ? ' (reads the same)' : ''}`]);
        const shownFp = this.shown < 0 ? null : this.read[this.shown].fp;
        if (shownFp !== v.fp) this.behindSince ??= at;
        else if (this.behindSince !== null) this.end(at, out);
      } else {
        this.shows.shift();
        const at = Math.max(s.at, this.processedTo);
        this.processedTo = at;
        const k = this.latest.get(s.fp);
        this.trace?.push([at, `table shows ${k === undefined ? 'no version' : `v${k}`}`]);
        if (k === undefined) {
          // Words of no version: behind from now, if not already.
          this.unmatched++;
          this.shown = -1;
          this.behindSince ??= at;
          continue;
        }
        if (this.behindSince !== null) this.end(at, out);
        this.shown = k;
        // Replaced since? The first later version read that reads differently.
        for (let j = k + 1; j < this.read.length; j++)
          if (this.read[j].fp !== s.fp) {
            this.behindSince = this.read[j].at;
            break;
          }
      }
    }
    this.processedTo = Math.max(this.processedTo, until);
  }

  private end(at: number, out: Stall[]): void {
    out.push({ key: this.key, from: this.behindSince!, to: at });
    this.behindSince = null;
  }
}

export class TableLag {
  private readonly games = new Map<string, GameLag>();
  /** Every finished stall, in the order they ended. */
  readonly stalls: Stall[] = [];

  /** Keep every game's merged commits and looks (GameLag.trace), to tell a stall's story. */
  tracing = false;

  private lag(key: string): GameLag {
    let g = this.games.get(key);
    if (!g) this.games.set(key, (g = new GameLag(key)));
    if (this.tracing) g.trace ??= [];
    return g;
  }

  /** The merged commits and looks of a game's table between two moments (tracing on). */
  story(key: string, from: number, to: number): string[] {
    return (this.games.get(key)?.trace ?? []).filter(([at]) => at >= from && at <= to).map(([at, what]) => `${Math.round(at - from)} ms: ${what}`);
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
