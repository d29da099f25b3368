// One owner per shard (issue 37): a lease row per shard of a shard count (schema.ts shard_leases),
// held by one process's life (`holder`, a random token) until it expires, renewed by its holder a few
// times per lease. A process drives a shard's games only while it holds that shard's lease, and every
// commit checks it inside its transaction (commit.ts, `fence`): a process that lost a lease cannot
// commit to that shard's games, however late it notices. On PostgreSQL the check takes a KEY SHARE
// lock on the lease row and a takeover locks the row FOR UPDATE first, so a takeover waits for the
// commits in flight and no commit of the old holder lands after it; on SQLite every write transaction
// (BEGIN IMMEDIATE) is alone on the file. Leases are plain rows, so they work through PgBouncer in
// transaction mode. Expiry is the database's clock on PostgreSQL (machines' clocks may differ), this
// machine's on SQLite (one machine). How it is run: src/run/leases.ts; for operators: docs/operations.md.

/** A lease as stored, for the operator and tests. */
export interface LeaseRow {
  shardId: number;
  holder: string;
  host: string;
  pid: number;
  expiresAt: number;
  takenAt: number;
  /** The holder's live games at its last renewal (its share of the global request budget). */
  liveGames: number;
  /** Whether the lease has not expired (by the database's clock). */
  live: boolean;
}

/** Who asks: the holder's token, where it runs, and how long a lease lasts unrenewed. */
export interface LeaseHolder {
  count: number;
  holder: string;
  host: string;
  pid: number;
  ttlMs: number;
}

/** The lease rows of one database (both dialects: sqlite/leases.ts, pg/leases.ts). */
export interface LeasesRepo {
  /**
   * Call inside a write transaction. `ids`: these shards, all or none (none while any is held by
   * another process whose lease has not expired); null: every shard of the count that is free. None
   * while a lease of another shard count is live: a new count starts once the old one has stopped.
   * Returns the ids now held by `who` (empty: none taken).
   */
  take(who: LeaseHolder, ids: readonly number[] | null): Promise<number[]>;
  /** Extends every lease `who` holds, noting its live games; returns the ids it still holds (a lease taken over is not among them). */
  renew(who: LeaseHolder, liveGames: number): Promise<number[]>;
  /** Frees every lease of `holder` at once (expired now): a standby takes them at its next look. */
  release(count: number, holder: string): Promise<void>;
  /** Inside a commit's transaction: whether the shard of game `gameId`'s guild is held by `holder`. */
  fence(count: number, holder: string, gameId: number): Promise<boolean>;
  /** The same for a game not stored yet, by its guild. */
  fenceGuild(count: number, holder: string, guildId: string): Promise<boolean>;
  /** Every lease row of the count, by shard id. */
  list(count: number): Promise<LeaseRow[]>;
  /**
   * A gateway identify of max_concurrency bucket `bucket` (run/identify.ts): 0 when this process may
   * identify now (the bucket's next turn is then `spacingMs` away, for every process), else how many
   * milliseconds until the bucket's turn.
   */
  identify(bucket: number, spacingMs: number): Promise<number>;
}

/** What a store checks in each commit: that its process still holds the game's shard. */
export interface Fence {
  count: number;
  holder: string;
}

/** A commit refused because the game's shard is no longer this process's (refusal code). */
export const NOT_OWNER = 'notOwner';

/** Thrown by a change that is not an action (a new game) when the shard is no longer this process's. */
export class LeaseLostError extends Error {
  readonly code = NOT_OWNER;
  constructor(what: string) {
    super(`this process no longer holds the lease of the shard of ${what}; another process drives it`);
    this.name = 'LeaseLostError';
  }
}
