// The game store: SQLite through drizzle. See README "Where data lives".
export { backupDatabase, defaultBackupPath, type BackupResult } from './backup.js';
export { applyAndCommit, type Committed, type Refused, type SubmitResult } from './commit.js';
export { APPLICATION_ID, DEFAULT_DATABASE_PATH, databasePath, databaseSynchronous, type Synchronous } from './config.js';
export { guardFile, openDatabase, openExisting, type Connection, type Db, type OpenOptions } from './connection.js';
export { StoreOpenError, type StoreOpenErrorCode } from './errors.js';
export { exportGame, replayRecord, type GameRecord, type RecordedAction } from './export.js';
export type { GameHead, GameInfo, SeatInfo } from './games-repo.js';
export type { LeaderboardRow, RecentGame } from './history.js';
export { MIGRATIONS_FOLDER, shippedMigrations } from './migrate.js';
export { KeyedQueue } from './queue.js';
export { verifyGame, type BrokenGame, type RecoveredGame, type RecoveryReport } from './recovery.js';
export { replay, startGame, type GameOrigin, type LoggedAction, type StoredAction } from './replay.js';
export { DEFAULT_WINDOW_MS, WINDOW_SECONDS, type GuildSettings, type PingMode } from './settings.js';
export type { PingRecord, RespondPref, TablePrefs } from './table-prefs.js';
export { decodeSnapshot, encodeSnapshot, snapshotText } from './snapshot.js';
export type { UserStats } from './stats.js';
export { GameStore, type GameStoreOptions, type NewGame } from './store.js';
export { DeadlineScheduler, realHost, type TimerHost } from './timers.js';
