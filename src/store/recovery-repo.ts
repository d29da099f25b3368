// What recovery (recovery.ts) reads from a backend: apart, so backend.ts names it without importing recovery.

/** An unfinished game of this shard with its whole log, as recovery reads it. */
export type UnfinishedGame = [
  id: number,
  guildId: string,
  channelId: string,
  setup: string,
  decisionMs: number | null,
  windowMs: number | null,
  createdAt: number,
  version: number,
  snapshot: Buffer,
  /** The log as one JSON text: [[version, seat, at, action], ...] in version order (an action that is not valid JSON as a JSON string); null for none. */
  log: string | null,
  engineVersion: number | null,
  /** The version the snapshot is of (at most `version`: commit.ts SNAPSHOT_EVERY). */
  snapshotVersion: number,
];

/** Recovery's reads. */
export interface RecoveryRepo {
  /** This shard's active games, by id. */
  unfinished(): Promise<UnfinishedGame[]>;
}
