// A process on leases (store/leases.ts; docs/operations.md): it waits for its shards' leases (SHARD_IDS,
// all of them at once; or, as a standby, every shard that is free when one is), then drives those
// shards while it renews them a few times per lease. A lease found taken over is fatal to the process
// (main.ts stops it: its commits are refused already, by the fence); SIGTERM releases every lease at
// once, so a standby takes over at its next look instead of waiting out the lease.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from '../log.js';
import type { StoreBackend } from '../store/backend.js';
import type { Fence, LeaseHolder, LeaseRow } from '../store/leases.js';

export interface LeaseOptions {
  count: number;
  /** These shards, all at once; null: every shard that is free (a standby). */
  ids: readonly number[] | null;
  ttlMs: number;
  log: Logger;
}

/** How often a process without its shards looks at the leases again: at most a second, and four times a lease. */
export const lookEveryMs = (ttlMs: number): number => Math.min(1_000, Math.floor(ttlMs / 4));

/** Discord's global limit of one bot token, requests a second, which the processes on leases share (shareOf). */
export const GLOBAL_PER_SECOND = 50;

/**
 * A process's share of the bot token's global requests a second, from the lease rows: in proportion
 * to each live holder's live games plus one (a process with none still sends), at least one. The
 * shares of all holders add up to at most `budget`.
 */
export function shareOf(rows: readonly LeaseRow[], holder: string, budget = GLOBAL_PER_SECOND): number {
  const games = new Map<string, number>();
  for (const r of rows) if (r.live || r.holder === holder) games.set(r.holder, Math.max(games.get(r.holder) ?? 0, r.liveGames));
  let total = 0;
  for (const g of games.values()) total += g + 1;
  const mine = (games.get(holder) ?? 0) + 1;
  return Math.max(1, Math.floor((budget * mine) / Math.max(total, mine)));
}

/** Who holds a shard this process lost. */
export interface LostTo {
  shard: number;
  host: string;
  pid: number;
  takenAt: string;
}

export class ShardLeases {
  readonly who: LeaseHolder;
  /** The shards this process holds. */
  held: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;
  /** When (performance.now()) the last take or renewal that confirmed every lease began. */
  private confirmedAt = Number.NEGATIVE_INFINITY;
  /** When the last renewal failed (the database away), while none has succeeded since. */
  private failedAt = Number.NEGATIVE_INFINITY;
  /** Renewals under way that began while this process answered clicks (a database that hangs rather than fails). */
  private vouching = 0;
  /** This process's live games and what to do with its share of the global budget (budget()). */
  private budgeting: { liveGames: () => number; apply: (perSecond: number) => void } | null = null;

  constructor(
    private readonly backend: StoreBackend,
    private readonly o: LeaseOptions,
  ) {
    this.who = { count: o.count, holder: randomUUID(), host: hostname(), pid: process.pid, ttlMs: o.ttlMs };
  }

  /**
   * Whether every lease is surely still this process's: the last take or renewal that confirmed them
   * began less than a lease ago (measured on this process's monotonic clock, so a pause counts).
   */
  get sure(): boolean {
    return !this.stopped && performance.now() - this.confirmedAt < this.o.ttlMs;
  }

  /**
   * Whether this process answers clicks: its leases are sure, or it is not sure only because its
   * renewals failed (the last one less than a lease ago) or hang (one begun while it answered has not
   * come back): the database is away for it, a failover as
   * likely as not, and a click is then answered as any move the database would not save (the game
   * paused, "click again" once it is back). The fence still refuses a commit to a shard another
   * process took meanwhile. A process that did not even try (paused, stalled) leaves clicks alone.
   */
  get answering(): boolean {
    return this.sure || (!this.stopped && (this.vouching > 0 || performance.now() - this.failedAt < this.o.ttlMs));
  }

  /** What the store checks in every commit. */
  get fence(): Fence {
    return { count: this.who.count, holder: this.who.holder };
  }

  /** Resolves with the shards taken, once there are any (all of `ids`); null when stopped first. */
  async acquire(): Promise<number[] | null> {
    const started = performance.now();
    let told = false;
    let lastError = '';
    while (!this.stopped) {
      try {
        const asked = performance.now();
        const got = await this.backend.transaction((tx) => tx.leases.take(this.who, this.o.ids));
        if (got.length) {
          this.held = got;
          this.confirmedAt = asked;
          this.o.log.info({ shards: got, count: this.who.count, waitedMs: Math.round(performance.now() - started), holder: this.who.holder }, 'shard leases taken');
          return got;
        }
      } catch (err) {
        // Another process took a missing row first, or the database is away: look again later.
        const why = (err as Error).message;
        if (why !== lastError) this.o.log.warn({ err }, 'could not take shard leases; looking again');
        lastError = why;
      }
      if (!told) {
        const others = await this.backend.repos.leases.list(this.who.count).catch(() => []);
        this.o.log.info({ want: this.o.ids ?? 'any', count: this.who.count, held: others.map((l) => ({ shard: l.shardId, host: l.host, pid: l.pid })) }, 'waiting for shard leases (a standby)');
        told = true;
      }
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, lookEveryMs(this.o.ttlMs));
      });
    }
    return null;
  }

  /** Renews the leases three times per lease; `lost` is called once if a lease is found taken over, with who holds it now. */
  keep(lost: (ids: number[], heldBy: LostTo[]) => void): void {
    const every = Math.floor(this.o.ttlMs / 3);
    let failing = false;
    const renew = async () => {
      let late = false;
      const vouches = this.answering;
      if (vouches) this.vouching++;
      try {
        const asked = performance.now();
        // As a commit does, a renewal waits while another connection holds SQLite's write lock.
        const still = await this.backend.transaction((tx) => tx.leases.renew(this.who, this.budgeting?.liveGames() ?? 0));
        if (failing) this.o.log.info({ shards: still }, 'shard leases renewed again');
        failing = false;
        // A renewal that hung (a failover) and then went through confirms the leases only as of when it
        // began, maybe more than a lease ago: the database was away until now, so the process goes on
        // answering, and renews again at once to be sure.
        late = performance.now() - asked > every;
        this.failedAt = late ? performance.now() : Number.NEGATIVE_INFINITY;
        const gone = this.held.filter((id) => !still.includes(id));
        if (!gone.length) this.confirmedAt = asked;
        if (!gone.length && this.budgeting) {
          const rows = await this.backend.repos.leases.list(this.who.count).catch(() => null);
          if (rows) this.budgeting.apply(shareOf(rows, this.who.holder));
        }
        if (gone.length && !this.stopped) {
          this.stop();
          // Who holds them now, for the log (a standby's host and pid; none: the rows are gone).
          const rows = await this.backend.repos.leases.list(this.who.count).catch(() => []);
          lost(gone, rows.filter((r) => gone.includes(r.shardId)).map((r) => ({ shard: r.shardId, host: r.host, pid: r.pid, takenAt: new Date(r.takenAt).toISOString() })));
          return;
        }
      } catch (err) {
        // Nothing commits meanwhile if another process takes a lease (the fence); once the database
        // answers again the renewal says whether the leases are still this process's.
        if (!failing) this.o.log.warn({ err }, 'could not renew the shard leases; trying again');
        failing = true;
        this.failedAt = performance.now();
      } finally {
        if (vouches) this.vouching--;
      }
      if (!this.stopped) this.timer = setTimeout(() => void renew(), late ? 0 : every);
    };
    this.timer = setTimeout(() => void renew(), every);
  }

  /**
   * Processes on several machines share the bot token's global request budget (GLOBAL_PER_SECOND)
   * over the leases: each renewal notes this process's live games, and `apply` gets its share as
   * of the rows (shareOf), every renewal. Not for the shards of SHARDS=N, whose manager's REST proxy
   * keeps one budget for all of them.
   */
  budget(liveGames: () => number, apply: (perSecond: number) => void): void {
    this.budgeting = { liveGames, apply };
  }

  /** Stops renewing (and waiting). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.wake?.();
  }

  /** Frees every lease of this process now (after its store is closed: it commits nothing more). */
  async release(): Promise<void> {
    this.stop();
    try {
      await this.backend.repos.leases.release(this.who.count, this.who.holder);
      this.o.log.info({ shards: this.held }, 'shard leases released');
    } catch (err) {
      this.o.log.warn({ err }, 'could not release the shard leases; they expire by themselves');
    }
  }
}
