// The outbox: every message the bot owes Discord about a game, stored in the transaction of the
// change that causes it (an action's commit, a game's creation or abort, a ping, a notice) and
// delivered after that commit, or after a restart, by src/discord/outbox-sender.ts. Each row that
// creates a message carries its own nonce, sent with enforce_nonce: Discord answers a repeated create
// (a retry after a 5xx, or after a kill before the row was marked sent) with the first message.
//
// Here: the repository both backends implement (SQLite's statements in sqlite/outbox.ts, PostgreSQL's
// in pg/outbox.ts), and the mapping between its rows and what the sender reads; only the queries differ.
import { randomBytes } from 'node:crypto';
import { sql, type Column } from 'drizzle-orm';
import type { outbox, OutboxKind } from './schema.js';

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
  /** Not sent before this many ms after it was owed (the sender may drop it meanwhile: its `dropWhen`). */
  delayMs?: number;
}

/** What the sender reads of a row owed. */
export const OUTBOX_COLUMNS = ['id', 'gameId', 'kind', 'target', 'messageId', 'body', 'nonce', 'purpose', 'attempts', 'nextAt', 'createdAt'] as const;

/** A row owed as stored: its body still JSON text. */
export type StoredOwed = Pick<typeof outbox.$inferSelect, (typeof OUTBOX_COLUMNS)[number]>;

export type OutboxRow = Omit<StoredOwed, 'body'> & { body: unknown };

/** 16 characters; Discord takes up to 25. Random, so a new database never reuses an old nonce. */
export const newNonce = (): string => randomBytes(12).toString('base64url');

/** `shard`: at start-up only this shard's games are delivered (shard.ts); the rest of the repo goes by game id. */
export interface OutboxRepo {
  /** Call inside the transaction of the change that owes these messages. */
  add(items: Owed[], now: number): Promise<void>;
  /** The game's messages still owed, oldest first. */
  owed(gameId: number): Promise<OutboxRow[]>;
  /** The oldest message of the game still owed to `target`, or null; one owed later on purpose and not due by `now` (`heldBack`) is passed over. */
  nextOwedTo(gameId: number, target: string, now: number): Promise<OutboxRow | null>;
  /** This shard's games with messages still owed (at start-up: finished and aborted games too). */
  owedGames(): Promise<number[]>;
  /** This shard's finished games whose last table is not yet known to be up (a kill after the last action). */
  finishedTableOwed(): Promise<number[]>;
  hasOwed(gameId: number, purpose: string): Promise<boolean>;
  sent(id: number, messageId: string | null, now: number): Promise<void>;
  failed(id: number, now: number): Promise<void>;
  retryAt(id: number, attempts: number, nextAt: number): Promise<void>;
  /** Forgets delivered rows older than `before`; how many. */
  prune(before: number): Promise<number>;
}

/** The row of a message owed from `now`, with a nonce of its own. */
export const owedValues = (o: Owed, now: number) =>
  ({
    gameId: o.gameId,
    kind: o.kind,
    target: o.target,
    messageId: o.messageId ?? null,
    body: JSON.stringify(o.body),
    nonce: newNonce(),
    purpose: o.purpose ?? null,
    nextAt: now + (o.delayMs ?? 0),
    createdAt: now,
  }) satisfies typeof outbox.$inferInsert;

/**
 * Owed later on purpose (its `delayMs`) and never tried: it does not hold the rows owed after it to
 * the same target, which a row waiting out a failure's back-off does (those go in order).
 */
export const heldBack = (r: Pick<OutboxRow, 'attempts' | 'nextAt'>, now: number): boolean => r.attempts === 0 && r.nextAt > now;

export const toOutboxRow = (r: StoredOwed): OutboxRow => ({ ...r, body: JSON.parse(r.body) as unknown });

/** A delivered row: done, counted as an attempt, with the message it made (a dm or post) when there is one. */
export const sentValues = (attempts: Column, messageId: string | null, now: number) => ({
  doneAt: now,
  outcome: 'sent' as const,
  ...(messageId !== null ? { messageId } : {}),
  attempts: sql<number>`${attempts} + 1`,
});

/** A row given up on: done, counted as an attempt. */
export const failedValues = (attempts: Column, now: number) => ({ doneAt: now, outcome: 'failed' as const, attempts: sql<number>`${attempts} + 1` });
