// SQLite's read behind RecoveryRepo (../recovery.ts).
import type Database from 'better-sqlite3';
import type { UnfinishedGame } from '../recovery-repo.js';
import type { Shard } from '../shard.js';
import { ownedByRaw } from './shard.js';

/**
 * SQLite's statement behind RecoveryRepo: each active game with its whole log folded into one JSON
 * text by SQLite (group_concat per game), parsed with one JSON.parse. Handing 200,000 rows to
 * JavaScript one by one costs about twice as much, and this is the path that must do thousands of
 * games a second. A row whose action is not valid JSON goes in as a JSON string, so it spoils only
 * its own game.
 */
export function recoveryStatements(sqlite: Database.Database, shard?: Shard) {
  return {
    unfinished: (): UnfinishedGame[] =>
      sqlite
        .prepare(
          `SELECT g.id, g.guild_id, g.channel_id, g.setup, g.decision_ms, g.window_ms, g.created_at, g.version, g.snapshot,
                  (SELECT '[' || group_concat('[' || a.version || ',' || ifnull(a.seat, 'null') || ',' || a.at || ',' ||
                                              iif(json_valid(a.action), a.action, json_quote(a.action)) || ']') || ']'
                     FROM actions a WHERE a.game_id = g.id),
                  g.engine_version, g.snapshot_version
             FROM games g WHERE g.status = 'active' AND ${ownedByRaw(shard, 'g.guild_id')} ORDER BY g.id`,
        )
        .raw()
        .all() as UnfinishedGame[],
  };
}
