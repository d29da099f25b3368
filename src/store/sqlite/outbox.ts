// SQLite's statements behind OutboxRepo (../outbox.ts), synchronous (../sqlite.ts makes them an OutboxRepo).
import { and, asc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { pick } from '../columns.js';
import type { Db } from '../connection.js';
import { failedValues, OUTBOX_COLUMNS, owedValues, toOutboxRow, type Owed, type OutboxRow } from '../outbox.js';
import { games, outbox } from '../schema.js';
import type { Shard } from '../shard.js';
import { ownedBy } from './shard.js';

export type OutboxStatements = ReturnType<typeof outboxStatements>;

export function outboxStatements(db: Db, shard?: Shard) {
  const columns = pick(outbox, OUTBOX_COLUMNS);
  const p = sql.placeholder;
  // Read after every commit that owes something, and before each message sent: prepared once.
  const owedOf = db.select(columns).from(outbox).where(and(eq(outbox.gameId, p('gameId')), isNull(outbox.doneAt))).orderBy(asc(outbox.id)).prepare();
  const nextTo = db
    .select(columns)
    .from(outbox)
    .where(and(eq(outbox.gameId, p('gameId')), eq(outbox.target, p('target')), isNull(outbox.doneAt), or(gt(outbox.attempts, 0), lte(outbox.nextAt, p('now')))))
    .orderBy(asc(outbox.id))
    .limit(1)
    .prepare();
  // Written for every message owed and sent: plain better-sqlite3 statements, prepared once (drizzle
  // built and better-sqlite3 compiled each anew per call: about 130 ms of the bot's 15 s busy in 30 s of 60 games).
  const sqlite = db.$client;
  const insert = sqlite.prepare<[ReturnType<typeof owedValues>]>(
    `INSERT INTO outbox (game_id, kind, target, message_id, body, nonce, purpose, next_at, created_at)
     VALUES (@gameId, @kind, @target, @messageId, @body, @nonce, @purpose, @nextAt, @createdAt)`,
  );
  const markSent = sqlite.prepare<[{ id: number; messageId: string | null; now: number }]>(
    `UPDATE outbox SET done_at = @now, outcome = 'sent', message_id = COALESCE(@messageId, message_id), attempts = attempts + 1 WHERE id = @id`,
  );
  return {
    /** Call inside the transaction of the change that owes these messages. */
    add(items: Owed[], now: number): void {
      for (const o of items) insert.run(owedValues(o, now));
    },
    /** The game's messages still owed, oldest first. */
    owed(gameId: number): OutboxRow[] {
      return owedOf.all({ gameId }).map(toOutboxRow);
    },
    /** The oldest message of the game still owed to `target`, or null. */
    nextOwedTo(gameId: number, target: string, now: number): OutboxRow | null {
      const row = nextTo.get({ gameId, target, now });
      return row ? toOutboxRow(row) : null;
    },
    /** This shard's games with messages still owed (at start-up: finished and aborted games too). */
    owedGames(): number[] {
      return db
        .selectDistinct({ gameId: outbox.gameId })
        .from(outbox)
        .innerJoin(games, eq(games.id, outbox.gameId))
        .where(and(isNull(outbox.doneAt), ownedBy(shard, games.guildId)))
        .orderBy(asc(outbox.gameId))
        .all()
        .map((r) => r.gameId);
    },
    /**
     * This shard's finished games that owed messages but have no table message: a kill came between
     * their end and their first table post, which is owed only when the publisher reaches it.
     */
    finishedTableOwed(): number[] {
      return db
        .select({ gameId: games.id })
        .from(games)
        .where(and(eq(games.status, 'finished'), isNull(games.tableFinalAt), ownedBy(shard, games.guildId)))
        .orderBy(asc(games.id))
        .all()
        .map((r) => r.gameId);
    },
    hasOwed(gameId: number, purpose: string): boolean {
      return !!db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.gameId, gameId), eq(outbox.purpose, purpose), isNull(outbox.doneAt)))
        .get();
    },
    sent(id: number, messageId: string | null, now: number): void {
      markSent.run({ id, messageId, now });
    },
    failed(id: number, now: number): void {
      db.update(outbox).set(failedValues(outbox.attempts, now)).where(eq(outbox.id, id)).run();
    },
    retryAt(id: number, attempts: number, nextAt: number): void {
      db.update(outbox).set({ attempts, nextAt }).where(eq(outbox.id, id)).run();
    },
    /** Forgets delivered rows older than `before`. */
    prune(before: number): number {
      return db.delete(outbox).where(lt(outbox.doneAt, before)).run().changes;
    },
  };
}
