// export.ts for PostgreSQL: the same record (exportGame's GameRecord), read in one REPEATABLE READ
// transaction so a bot committing meanwhile cannot mix two versions into one file.
import type { GameEvent } from '../../engine/index.js';
import { RECORD_FORMAT, RECORD_FORMAT_VERSION, type GameRecord } from '../export.js';
import { replay } from '../replay.js';
import { decodeSnapshot, snapshotText } from '../snapshot.js';
import type { PgDb } from './connection.js';
import { pgGamesRepo } from './games-repo.js';

export function pgExportGame(db: PgDb, gameId: number): Promise<GameRecord> {
  return db.transaction(
    async (tx) => {
      const repo = pgGamesRepo(tx);
      const info = await repo.info(gameId);
      if (!info) throw new Error(`There is no game ${gameId}.`);
      const { setup, options, ...game } = info;
      if (!setup || !options) throw new Error(`Game ${gameId} has a damaged setup; it cannot be exported.`);
      const log = await repo.log(gameId);
      const final = decodeSnapshot((await repo.snapshot(gameId))!, setup);
      const events = new Map<number, GameEvent[]>();
      const r = replay({ setup, decisionMs: info.decisionMs, windowMs: info.windowMs, createdAt: info.createdAt }, log, (version, _at, ev) => events.set(version, ev));
      const record: GameRecord = {
        format: RECORD_FORMAT,
        formatVersion: RECORD_FORMAT_VERSION,
        game,
        setup,
        options,
        seats: await repo.seats(gameId),
        start: { at: info.createdAt, events: events.get(0) ?? [] },
        actions: log.map((row) => ({ version: row.version, seat: row.seat, at: row.at, action: JSON.parse(row.action) as unknown, events: events.get(row.version) ?? [] })),
        result: final.result,
        final,
      };
      if (!r.ok) record.replayError = r.reason;
      else if (snapshotText(r.state) !== snapshotText(final)) record.replayError = 'the log does not replay to the stored snapshot';
      return record;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
