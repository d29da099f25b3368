// Lobbies in SQLite, so an open lobby survives a restart like a game does.
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Lobby, LobbyRepo } from '../discord/lobby-model.js';
import { lobbies } from './schema.js';
import type { GameStore } from './store.js';

type Row = typeof lobbies.$inferSelect;

function toLobby(r: Row): Lobby {
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

export function sqliteLobbies(store: GameStore): LobbyRepo {
  const db = store.conn.db;
  /** The newest lobby not yet begun that matches. */
  const newestOpen = (where: SQL | undefined): Lobby | null => {
    const r = db.select().from(lobbies).where(and(where, isNull(lobbies.gameId))).orderBy(desc(lobbies.id)).get();
    return r ? toLobby(r) : null;
  };
  return {
    create(l) {
      const now = store.now();
      // One IMMEDIATE transaction: no other writer (another /start, another process) gets in between;
      // the partial unique index on open lobbies is the schema's guarantee of the same.
      const row = store.conn.sqlite.transaction(() => {
        if (store.activeGameIn(l.guildId, l.channelId) !== null) return null;
        const open = db.select({ id: lobbies.id }).from(lobbies).where(and(eq(lobbies.guildId, l.guildId), eq(lobbies.channelId, l.channelId), isNull(lobbies.gameId))).get();
        if (open) return null;
        return db
          .insert(lobbies)
          .values({ ...l, options: JSON.stringify(l.options), seats: JSON.stringify(l.seats), createdAt: now, updatedAt: now })
          .returning()
          .get();
      }).immediate();
      return row ? toLobby(row) : null;
    },
    get(id) {
      const r = db.select().from(lobbies).where(eq(lobbies.id, id)).get();
      return r ? toLobby(r) : null;
    },
    inChannel: (guildId, channelId) => newestOpen(and(eq(lobbies.guildId, guildId), eq(lobbies.channelId, channelId))),
    ofGame(gameId) {
      const r = db.select().from(lobbies).where(eq(lobbies.gameId, gameId)).get();
      return r ? toLobby(r) : null;
    },
    hostedBy: (guildId, hostId) => newestOpen(and(eq(lobbies.guildId, guildId), eq(lobbies.hostId, hostId))),
    save(l) {
      db.update(lobbies)
        .set({ hostId: l.hostId, options: JSON.stringify(l.options), seats: JSON.stringify(l.seats), messageId: l.messageId, gameId: l.gameId, updatedAt: store.now() })
        .where(eq(lobbies.id, l.id))
        .run();
    },
    remove(id) {
      db.delete(lobbies).where(eq(lobbies.id, id)).run();
    },
  };
}
