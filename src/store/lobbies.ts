// Lobbies in the store, so an open lobby survives a restart like a game does.
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Lobby } from '../lobby/model.js';
import type { Db } from './connection.js';
import { games, lobbies } from './schema.js';

/** The store's lobbies: the lobby model's storage (src/lobby/model.ts), each method a Promise. */
export interface LobbiesRepo {
  /** Opens a lobby unless its channel already has an open lobby or a game in play (one check-and-write); null when taken. */
  create(l: Omit<Lobby, 'id'>): Promise<Lobby | null>;
  get(id: number): Promise<Lobby | null>;
  inChannel(guildId: string, channelId: string): Promise<Lobby | null>;
  ofGame(gameId: number): Promise<Lobby | null>;
  hostedBy(guildId: string, hostId: string): Promise<Lobby | null>;
  save(l: Lobby): Promise<void>;
  remove(id: number): Promise<void>;
}


type Row = typeof lobbies.$inferSelect;

/** A lobby from its stored row (either store's: the same columns, options and seats as JSON text). */
export function toLobby(r: Row): Lobby {
  return {
    id: r.id,
    guildId: r.guildId,
    channelId: r.channelId,
    hostId: r.hostId,
    options: JSON.parse(r.options),
    seats: JSON.parse(r.seats),
    messageId: r.messageId,
    gameId: r.gameId,
  };
}

/** SQLite's statements behind LobbiesRepo, synchronous (sqlite.ts makes them a LobbiesRepo). `now`: the store's clock. */
export function lobbiesStatements(db: Db, now: () => number) {
  /** The newest lobby not yet begun that matches. */
  const newestOpen = (where: SQL | undefined): Lobby | null => {
    const r = db.select().from(lobbies).where(and(where, isNull(lobbies.gameId))).orderBy(desc(lobbies.id)).get();
    return r ? toLobby(r) : null;
  };
  return {
    create(l: Omit<Lobby, 'id'>): Lobby | null {
      const at = now();
      // One IMMEDIATE transaction: no other writer (another /start, another process) gets in between;
      // the partial unique index on open lobbies is the schema's guarantee of the same.
      const row = db.$client.transaction(() => {
        const playing = db.select({ id: games.id }).from(games).where(and(eq(games.guildId, l.guildId), eq(games.channelId, l.channelId), eq(games.status, 'active'))).get();
        if (playing) return null;
        const open = db.select({ id: lobbies.id }).from(lobbies).where(and(eq(lobbies.guildId, l.guildId), eq(lobbies.channelId, l.channelId), isNull(lobbies.gameId))).get();
        if (open) return null;
        return db
          .insert(lobbies)
          .values({ ...l, options: JSON.stringify(l.options), seats: JSON.stringify(l.seats), createdAt: at, updatedAt: at })
          .returning()
          .get();
      }).immediate();
      return row ? toLobby(row) : null;
    },
    get(id: number): Lobby | null {
      const r = db.select().from(lobbies).where(eq(lobbies.id, id)).get();
      return r ? toLobby(r) : null;
    },
    inChannel: (guildId: string, channelId: string) => newestOpen(and(eq(lobbies.guildId, guildId), eq(lobbies.channelId, channelId))),
    ofGame(gameId: number): Lobby | null {
      const r = db.select().from(lobbies).where(eq(lobbies.gameId, gameId)).get();
      return r ? toLobby(r) : null;
    },
    hostedBy: (guildId: string, hostId: string) => newestOpen(and(eq(lobbies.guildId, guildId), eq(lobbies.hostId, hostId))),
    save(l: Lobby): void {
      db.update(lobbies)
        .set({ hostId: l.hostId, options: JSON.stringify(l.options), seats: JSON.stringify(l.seats), messageId: l.messageId, gameId: l.gameId, updatedAt: now() })
        .where(eq(lobbies.id, l.id))
        .run();
    },
    remove(id: number): void {
      db.delete(lobbies).where(eq(lobbies.id, id)).run();
    },
  };
}
