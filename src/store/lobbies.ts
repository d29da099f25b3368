// Lobbies in the store, so an open lobby survives a restart like a game does.
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
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

/**
 * SQLite's statements behind LobbiesRepo, synchronous (sqlite.ts makes them a LobbiesRepo), each prepared
 * once: built by drizzle and compiled by SQLite anew per call, a lobby's clicks (join, start) were
 * 3% of the event loop at 150 live games with games opening as others end. `now`: the store's clock.
 */
export function lobbiesStatements(db: Db, now: () => number) {
  const p = sql.placeholder;
  /** The newest lobby not yet begun that matches. */
  const newestOpen = (where: SQL) => db.select().from(lobbies).where(and(where, isNull(lobbies.gameId))).orderBy(desc(lobbies.id)).prepare();
  const inChannel = newestOpen(and(eq(lobbies.guildId, p('guildId')), eq(lobbies.channelId, p('channelId')))!);
  const hostedBy = newestOpen(and(eq(lobbies.guildId, p('guildId')), eq(lobbies.hostId, p('hostId')))!);
  const byId = db.select().from(lobbies).where(eq(lobbies.id, p('id'))).prepare();
  const ofGame = db.select().from(lobbies).where(eq(lobbies.gameId, p('gameId'))).prepare();
  const playing = db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.guildId, p('guildId')), eq(games.channelId, p('channelId')), eq(games.status, 'active')))
    .prepare();
  const open = db
    .select({ id: lobbies.id })
    .from(lobbies)
    .where(and(eq(lobbies.guildId, p('guildId')), eq(lobbies.channelId, p('channelId')), isNull(lobbies.gameId)))
    .prepare();
  const save = db.$client.prepare<[string, string, string, string | null, number | null, number, number]>(
    'UPDATE lobbies SET host_id = ?, options = ?, seats = ?, message_id = ?, game_id = ?, updated_at = ? WHERE id = ?',
  );
  const lobby = (r: Row | undefined): Lobby | null => (r ? toLobby(r) : null);
  return {
    create(l: Omit<Lobby, 'id'>): Lobby | null {
      const at = now();
      // One IMMEDIATE transaction: no other writer (another /start, another process) gets in between;
      // the partial unique index on open lobbies is the schema's guarantee of the same.
      const row = db.$client.transaction(() => {
        const where = { guildId: l.guildId, channelId: l.channelId };
        if (playing.get(where) || open.get(where)) return null;
        return db
          .insert(lobbies)
          .values({ ...l, options: JSON.stringify(l.options), seats: JSON.stringify(l.seats), createdAt: at, updatedAt: at })
          .returning()
          .get();
      }).immediate();
      return row ? toLobby(row) : null;
    },
    get: (id: number): Lobby | null => lobby(byId.get({ id })),
    inChannel: (guildId: string, channelId: string): Lobby | null => lobby(inChannel.get({ guildId, channelId })),
    ofGame: (gameId: number): Lobby | null => lobby(ofGame.get({ gameId })),
    hostedBy: (guildId: string, hostId: string): Lobby | null => lobby(hostedBy.get({ guildId, hostId })),
    save(l: Lobby): void {
      save.run(l.hostId, JSON.stringify(l.options), JSON.stringify(l.seats), l.messageId, l.gameId, now(), l.id);
    },
    remove(id: number): void {
      db.delete(lobbies).where(eq(lobbies.id, id)).run();
    },
  };
}
