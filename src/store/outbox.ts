// The outbox: every message the bot owes Discord about a game, stored in the transaction of the
// change that causes it (an action's commit, a game's creation or abort, a ping, a notice) and
// delivered after that commit, or after a restart, by src/discord/outbox-sender.ts. Each row that
// creates a message carries its own nonce, sent with enforce_nonce: Discord answers a repeated create
// (a retry after a 5xx, or after a kill before the row was marked sent) with the first message.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from './connection.js';
import { games, outbox, type OutboxKind } from './schema.js';
import { ownedBy, type Shard } from './shard.js';

/** A message owed: what to send (or edit, or delete) and where. */
export interface Owed {
  gameId: number;
  kind: OutboxKind;
  /** A user id (dm) or a channel id (post, edit, delete). */
  target: string;
  /** The message edited or deleted. */
  messageId?: string | null;
  /** The body as discord.js takes it (JSON only: no files). */
  body: unknown;
  /** What else its delivery settles (the sender's hooks): 'table', 'ping:<key>'. */
  purpose?: string | null;
}

export interface OutboxRow {
  id: number;
  gameId: number;
  kind: OutboxKind;
  target: string;
  messageId: string | null;
  body: unknown;
  nonce: string;
  purpose: string | null;
  attempts: number;
  nextAt: number;
}

/** 16 characters; Discord takes up to 25. Random, so a new database never reuses an old nonce. */
export const newNonce = (): string => randomBytes(12).toString('base64url');

/** `shard`: at start-up only this shard's games are delivered (shard.ts); the rest of the repo goes by game id. */
export interface OutboxRepo {
  /** Call inside the transaction of the change that owes these messages. */
  add(items: Owed[], now: number): Promise<void>;
  /** The game's messages still owed, oldest first. */
  owed(gameId: number): Promise<OutboxRow[]>;
  /** This shard's games with messages still owed (at start-up: finished and aborted games too). */
  owedGames(): Promise<number[]>;
  /** This shard's finished games that owed messages but have no table message. */
  finishedWithoutTable(): Promise<number[]>;
  hasOwed(gameId: number, purpose: string): Promise<boolean>;
  sent(id: number, messageId: string | null, now: number): Promise<void>;
  failed(id: number, now: number): Promise<void>;
  retryAt(id: number, attempts: number, nextAt: number): Promise<void>;
  /** Forgets delivered rows older than `before`; how many. */
  prune(before: number): Promise<number>;
}

export type OutboxStatements = ReturnType<typeof outboxStatements>;

/** SQLite's statements behind OutboxRepo, synchronous (sqlite.ts makes them an OutboxRepo). */
export function outboxStatements(db: Db, shard?: Shard) {
  const columns = {
    id: outbox.id,
    gameId: outbox.gameId,
    kind: outbox.kind,
    target: outbox.target,
    messageId: outbox.messageId,
    body: outbox.body,
    nonce: outbox.nonce,
    purpose: outbox.purpose,
    attempts: outbox.attempts,
    nextAt: outbox.nextAt,
  };
  return {
    /** Call inside the transaction of the change that owes these messages. */
    add(items: Owed[], now: number): void {
      for (const o of items) {
        db.insert(outbox)
          .values({
            gameId: o.gameId,
            kind: o.kind,
            target: o.target,
            messageId: o.messageId ?? null,
            body: JSON.stringify(o.body),
            nonce: newNonce(),
            purpose: o.purpose ?? null,
            nextAt: now,
            createdAt: now,
          })
          .run();
      }
    },
    /** The game's messages still owed, oldest first. */
    owed(gameId: number): OutboxRow[] {
      return db
        .select(columns)
        .from(outbox)
        .where(and(eq(outbox.gameId, gameId), isNull(outbox.doneAt)))
        .orderBy(asc(outbox.id))
        .all()
        .map((r) => ({ ...r, body: JSON.parse(r.body) as unknown }));
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
    finishedWithoutTable(): number[] {
      return db
        .selectDistinct({ gameId: outbox.gameId })
        .from(outbox)
        .innerJoin(games, eq(games.id, outbox.gameId))
        .where(and(eq(games.status, 'finished'), isNull(games.tableMessageId), ownedBy(shard, games.guildId)))
        .orderBy(asc(outbox.gameId))
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
      db.update(outbox)
        .set({ doneAt: now, outcome: 'sent', ...(messageId !== null ? { messageId } : {}), attempts: sql`${outbox.attempts} + 1` })
        .where(eq(outbox.id, id))
        .run();
    },
    failed(id: number, now: number): void {
      db.update(outbox).set({ doneAt: now, outcome: 'failed', attempts: sql`${outbox.attempts} + 1` }).where(eq(outbox.id, id)).run();
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
