// The PostgreSQL backend: node-postgres through drizzle, behind the asynchronous StoreBackend
// (backend.ts), selected by DATABASE_URL=postgres://…. A transaction is one pooled connection from
// BEGIN to COMMIT; transactions on different connections run side by side (several games commit at
// once, across processes and machines), and the commit's first read locks its game's row
// (games-repo statusOf: SELECT … FOR NO KEY UPDATE), so two writers of one game take turns. A call made
// from inside a transaction's async context (AsyncLocalStorage) runs in that transaction, as on SQLite.
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { BackendOptions, Repos, StoreBackend, TxOptions } from '../backend.js';
import { openPostgres, type PgConnection, type PgExec, type PgOpenOptions } from './connection.js';
import { pgGamesRepo } from './games-repo.js';
import { pgHistoryRepo } from './history.js';
import { pgLeasesRepo } from './leases.js';
import { pgLobbies } from './lobbies.js';
import { pgOutboxRepo } from './outbox.js';
import { pgRecoveryRepo } from './recovery.js';
import { pgSettingsRepo } from './settings.js';
import { pgStatsRepo } from './stats.js';
import { pgTablePrefs } from './table-prefs.js';

export type PgBackendOptions = BackendOptions;

export class PgBackend implements StoreBackend {
  readonly kind = 'postgres' as const;
  readonly repos: Repos;
  /** The transaction of an async context; `open` turns false at its end, so work it left behind (a timer) runs outside it. */
  private readonly context = new AsyncLocalStorage<{ repos: Repos; open: boolean }>();

  /** The open transaction of the caller's async context, if any. */
  private current(): Repos | undefined {
    const t = this.context.getStore();
    return t?.open ? t.repos : undefined;
  }

  constructor(
    readonly conn: PgConnection,
    private readonly o: PgBackendOptions = {},
  ) {
    const auto = this.reposOver(conn.db);
    // Each autocommit call goes to the transaction of its async context when there is one.
    const routed = {} as Record<string, Record<string, (...a: unknown[]) => unknown>>;
    for (const [name, repo] of Object.entries(auto) as [keyof Repos, Record<string, (...a: unknown[]) => unknown>][]) {
      routed[name] = {};
      for (const method of Object.keys(repo))
        routed[name][method] = (...a: unknown[]) => {
          const tx = this.current() as unknown as Record<string, Record<string, (...a: unknown[]) => unknown>> | undefined;
          return (tx ? tx[name] : repo)[method](...a);
        };
    }
    this.repos = routed as unknown as Repos;
  }

  static async open(url: string, o: PgBackendOptions & PgOpenOptions = {}): Promise<PgBackend> {
    return new PgBackend(await openPostgres(url, o), o);
  }

  private reposOver(db: PgExec): Repos {
    return {
      games: pgGamesRepo(db, this.o.shard),
      outbox: pgOutboxRepo(db, this.o.shard),
      prefs: pgTablePrefs(db),
      settings: pgSettingsRepo(db),
      stats: pgStatsRepo(db),
      history: pgHistoryRepo(db),
      lobbies: pgLobbies(db, this.o.now ?? Date.now),
      // Recovery's one read at start-up goes to the pool: it runs in no transaction.
      recovery: pgRecoveryRepo(this.conn.pool, this.o.shard),
      leases: pgLeasesRepo(db),
    };
  }

  async transaction<T>(fn: (tx: Repos) => Promise<T>, opts: TxOptions = {}): Promise<T> {
    const open = this.current();
    if (open) return fn(open);
    return this.conn.db.transaction(
      async (tx) => {
        const t = { repos: this.reposOver(tx), open: true };
        if (this.conn.beginSql) await tx.execute(sql.raw(this.conn.beginSql));
        try {
          return await this.context.run(t, () => fn(t.repos));
        } finally {
          t.open = false;
        }
      },
      opts.readOnly ? { isolationLevel: 'repeatable read', accessMode: 'read only' } : undefined,
    );
  }

  openFailure(err: unknown): unknown {
    return err;
  }

  close(): Promise<void> {
    return this.conn.close();
  }
}
