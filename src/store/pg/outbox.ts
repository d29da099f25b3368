// outbox.ts for PostgreSQL: the same methods, arguments and results, each a Promise.
import { and, asc, eq, gt, isNull, lt, lte, or } from 'drizzle-orm';
import { pick } from '../columns.js';
import { failedValues, OUTBOX_COLUMNS, owedValues, sentValues, toOutboxRow, type Owed, type OutboxRow } from '../outbox.js';
import type { Shard } from '../shard.js';
import type { PgExec } from './connection.js';
import { games, outbox } from './schema.js';
import { ownedByPg } from './shard.js';

export function pgOutboxRepo(db: PgExec, shard?: Shard) {
  const columns = pick(outbox, OUTBOX_COLUMNS);
  return {
    /** Call inside the transaction of the change that owes these messages. One statement for all. */
    async add(items: Owed[], now: number): Promise<void> {
      if (!items.length) return;
      await db.insert(outbox).values(items.map((o) => owedValues(o, now)));
    },
    async owed(gameId: number): Promise<OutboxRow[]> {
      const rows = await db
        .select(columns)
        .from(outbox)
        .where(and(eq(outbox.gameId, gameId), isNull(outbox.doneAt)))
        .orderBy(asc(outbox.id));
      return rows.map(toOutboxRow);
    },
    async nextOwedTo(gameId: number, target: string, now: number): Promise<OutboxRow | null> {
      const [row] = await db
        .select(columns)
        .from(outbox)
        .where(and(eq(outbox.gameId, gameId), eq(outbox.target, target), isNull(outbox.doneAt), or(gt(outbox.attempts, 0), lte(outbox.nextAt, now))))
        .orderBy(asc(outbox.id))
        .limit(1);
      return row ? toOutboxRow(row) : null;
    },
    async owedGames(): Promise<number[]> {
      const rows = await db
        .selectDistinct({ gameId: outbox.gameId })
        .from(outbox)
        .innerJoin(games, eq(games.id, outbox.gameId))
        .where(and(isNull(outbox.doneAt), ownedByPg(shard, games.guildId)))
        .orderBy(asc(outbox.gameId));
      return rows.map((r) => r.gameId);
    },
    async finishedTableOwed(): Promise<number[]> {
      const rows = await db
        .select({ gameId: games.id })
        .from(games)
        .where(and(eq(games.status, 'finished'), isNull(games.tableFinalAt), ownedByPg(shard, games.guildId)))
        .orderBy(asc(games.id));
      return rows.map((r) => r.gameId);
    },
    async hasOwed(gameId: number, purpose: string): Promise<boolean> {
      const rows = await db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.gameId, gameId), eq(outbox.purpose, purpose), isNull(outbox.doneAt)))
        .limit(1);
      return rows.length > 0;
    },
    async sent(id: number, messageId: string | null, now: number): Promise<void> {
      await db.update(outbox).set(sentValues(outbox.attempts, messageId, now)).where(eq(outbox.id, id));
    },
    async failed(id: number, now: number): Promise<void> {
      await db.update(outbox).set(failedValues(outbox.attempts, now)).where(eq(outbox.id, id));
    },
    async retryAt(id: number, attempts: number, nextAt: number): Promise<void> {
      await db.update(outbox).set({ attempts, nextAt }).where(eq(outbox.id, id));
    },
    async prune(before: number): Promise<number> {
      const r = await db.delete(outbox).where(lt(outbox.doneAt, before));
      return r.rowCount ?? 0;
    },
  };
}

export type PgOutboxRepo = ReturnType<typeof pgOutboxRepo>;
