// The seam between the game store and a database. GameStore (store.ts) talks only to a StoreBackend;
// SQLite (sqlite.ts) is one, and a second (PostgreSQL) implements the same interfaces. Every read and
// write is asynchronous, so a driver that is (node-postgres) fits as well as one that is not.
import type { Logger } from '../log.js';
import type { GamesRepo } from './games-repo.js';
import type { HistoryRepo } from './history.js';
import type { LeasesRepo } from './leases.js';
import type { LobbiesRepo } from './lobbies.js';
import type { OutboxRepo } from './outbox.js';
import type { RecoveryRepo } from './recovery-repo.js';
import type { SettingsRepo } from './settings.js';
import type { Shard } from './shard.js';
import type { StatsRepo } from './stats.js';
import type { TablePrefs } from './table-prefs.js';

/** Every repository of one store. */
export interface Repos {
  games: GamesRepo;
  outbox: OutboxRepo;
  prefs: TablePrefs;
  settings: SettingsRepo;
  stats: StatsRepo;
  history: HistoryRepo;
  lobbies: LobbiesRepo;
  recovery: RecoveryRepo;
  /** The shards' leases (leases.ts). */
  leases: LeasesRepo;
}

/** What either backend is opened with. */
export interface BackendOptions {
  /** Only this shard's games are recovered, timed and delivered (shard.ts). */
  shard?: Shard;
  /** The clock lobbies are stamped with. */
  now?: () => number;
  logger?: Logger;
}

export interface TxOptions {
  /**
   * A read-only transaction (one consistent version, e.g. an export while the bot writes): it takes
   * no write lock. Default: a write transaction that takes the write lock at its start (SQLite's
   * BEGIN IMMEDIATE), so nothing it read can change before it commits.
   */
  readOnly?: boolean;
}

export interface StoreBackend {
  kind: 'sqlite' | 'postgres';
  /**
   * Each call is its own autocommit statement, run after any transaction that is open on this
   * backend commits; but a call made from inside a transaction's `fn` (in its async context) runs
   * in that transaction, so code that owes messages with a change may call these from there.
   */
  repos: Repos;
  /**
   * Runs `fn` in one transaction: committed when its promise resolves, rolled back when it rejects.
   * Transactions of one backend never interleave; one opened inside another's `fn` joins it. On
   * SQLite, while another process holds the write lock (another shard on the same file), a write
   * waits for it without blocking the event loop and runs again (the whole of `fn`), up to a bound.
   */
  transaction<T>(fn: (tx: Repos) => Promise<T>, opts?: TxOptions): Promise<T>;
  /** What a failure while opening (migrating, recovering) should be reported as (StoreOpenError for a damaged file). */
  openFailure(err: unknown): unknown;
  close(): Promise<void>;
}
