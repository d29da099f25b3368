// lobbies.ts for PostgreSQL: the LobbyRepo's methods, arguments and results, each a Promise.
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Lobby } from '../../lobby/model.js';
import { toLobby } from '../lobbies.js';
import type { PgExec } from './connection.js';
import { games, lobbies } from './schema.js';


/** PostgreSQL's unique_violation: here, the partial unique index on a channel's open lobby. */
const isUniqueViolation = (err: unknown) => (err as { code?: unknown }).code === '23505' || (err as { cause?: { code?: unknown } }).cause?.code === '23505';

export function pgLobbies(db: PgExec, now: () => number) {
  const newestOpen = async (where: SQL | undefined): Promise<Lobby | null> => {
    const [r] = await db.select().from(lobbies).where(and(where, isNull(lobbies.gameId))).orderBy(desc(lobbies.id)).limit(1);
    return r ? toLobby(r) : null;
  };
  return {
    /**
     * Opens a lobby unless the channel has an open lobby or a game in play. Two at once: both may pass
     * the check, and the partial unique index on open lobbies refuses the second insert (null). Inside
     * a caller's transaction this is a savepoint, so the refusal leaves the caller's transaction usable.
     */
    async create(l: Omit<Lobby, 'id'>): Promise<Lobby | null> {
      const at = now();
      try {
        return await db.transaction(async (tx) => {
          const [game] = await tx
            .select({ id: games.id })
            .from(games)
            .where(and(eq(games.guildId, l.guildId), eq(games.channelId, l.channelId), eq(games.status, 'active')))
            .limit(1);
          if (game) return null;
          const [open] = await tx
            .select({ id: lobbies.id })
            .from(lobbies)
            .where(and(eq(lobbies.guildId, l.guildId), eq(lobbies.channelId, l.channelId), isNull(lobbies.gameId)))
            .limit(1);
          if (open) return null;
          const [row] = await tx
            .insert(lobbies)
            .values({ ...l, options: JSON.stringify(l.options), seats: JSON.stringify(l.seats), createdAt: at, updatedAt: at })
            .returning();
          return toLobby(row);
        });
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },
    async get(id: number): Promise<Lobby | null> {
      const [r] = await db.select().from(lobbies).where(eq(lobbies.id, id));
      return r ? toLobby(r) : null;
    },
    inChannel: (guildId: string, channelId: string) => newestOpen(and(eq(lobbies.guildId, guildId), eq(lobbies.channelId, channelId))),
    async ofGame(gameId: number): Promise<Lobby | null> {
      const [r] = await db.select().from(lobbies).where(eq(lobbies.gameId, gameId)).limit(1);
      return r ? toLobby(r) : null;
    },
    hostedBy: (guildId: string, hostId: string) => newestOpen(and(eq(lobbies.guildId, guildId), eq(lobbies.hostId, hostId))),
    async save(l: Lobby): Promise<void> {
      await db
        .update(lobbies)
        .set({ hostId: l.hostId, options: JSON.stringify(l.options), seats: JSON.stringify(l.seats), messageId: l.messageId, gameId: l.gameId, updatedAt: now() })
        .where(eq(lobbies.id, l.id));
    },
    async remove(id: number): Promise<void> {
      await db.delete(lobbies).where(eq(lobbies.id, id));
    },
  };
}
