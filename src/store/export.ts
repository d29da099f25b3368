// A whole game as one JSON file: setup, seats, every action with the events it caused (with who may
// see each), and the final state. replayRecord() runs such a file through the engine again and checks
// that it reproduces every event and the final state.
import type { GameEvent, GameState, Options, Outcome, Setup } from '../engine/index.js';
import type { StoreBackend } from './backend.js';
import type { GameInfo, SeatInfo } from './games-repo.js';
import { firstDifference, replay, type LoggedAction } from './replay.js';
import { decodeSnapshot, snapshotText } from './snapshot.js';

export const RECORD_FORMAT = 'fengsheng-game';
export const RECORD_FORMAT_VERSION = 1;

export interface RecordedAction {
  version: number;
  seat: number | null;
  at: number;
  action: unknown;
  events: GameEvent[];
}

export interface GameRecord {
  format: typeof RECORD_FORMAT;
  formatVersion: typeof RECORD_FORMAT_VERSION;
  game: Omit<GameInfo, 'setup' | 'options' | 'snapshotVersion'>;
  setup: Setup;
  options: Options;
  seats: SeatInfo[];
  /** Events of the deal, before the first action. */
  start: { at: number; events: GameEvent[] };
  actions: RecordedAction[];
  result: Outcome | null;
  /** The stored snapshot; a replay must end exactly here. */
  final: GameState;
  /** Set when the log does not replay (a broken game): where and why it stops. */
  replayError?: string;
}

export function exportGame(backend: StoreBackend, gameId: number): Promise<GameRecord> {
  // One read transaction: a running bot may commit meanwhile, the record stays one consistent version.
  return backend.transaction(async ({ games: repo }) => {
    const info = await repo.info(gameId);
    if (!info) throw new Error(`There is no game ${gameId}.`);
    // Which version the stored snapshot is of is the store's own business, not the record's.
    const { setup, options, snapshotVersion: _snapshotVersion, ...game } = info;
    if (!setup || !options) throw new Error(`Game ${gameId} has a damaged setup; it cannot be exported.`);
    const log = await repo.log(gameId);
    const stored = decodeSnapshot((await repo.snapshot(gameId))!, setup);
    const seats = await repo.seats(gameId);
    const events = new Map<number, GameEvent[]>();
    let atSnapshot = null as GameState | null;
    const r = replay({ setup, decisionMs: info.decisionMs, windowMs: info.windowMs, createdAt: info.createdAt }, log, (version, _at, ev, state) => {
      events.set(version, ev);
      if (version === info.snapshotVersion) atSnapshot = state;
    });
    // The state at the row's version: the replay's where it agrees with the snapshot at the version the
    // snapshot is of (commit.ts SNAPSHOT_EVERY); else the snapshot as stored, and the record says why.
    const agrees = r.ok && r.state.version === info.version && atSnapshot !== null && snapshotText(atSnapshot) === snapshotText(stored);
    const final = agrees ? r.state : stored;
    const record: GameRecord = {
      format: RECORD_FORMAT,
      formatVersion: RECORD_FORMAT_VERSION,
      game,
      setup,
      options,
      seats,
      start: { at: info.createdAt, events: events.get(0) ?? [] },
      actions: log.map((row) => ({ version: row.version, seat: row.seat, at: row.at, action: JSON.parse(row.action) as unknown, events: events.get(row.version) ?? [] })),
      result: final.result,
      final,
    };
    if (!r.ok) record.replayError = r.reason;
    else if (!agrees) record.replayError = 'the log does not replay to the stored snapshot';
    return record;
  }, { readOnly: true });
}

/** Strips what JSON drops (undefined fields) so events compare the way they read in the file. */
const asJson = (x: unknown): unknown => JSON.parse(JSON.stringify(x)) as unknown;

export function replayRecord(record: GameRecord): { ok: true; state: GameState } | { ok: false; reason: string } {
  if (record.format !== RECORD_FORMAT || record.formatVersion !== RECORD_FORMAT_VERSION)
    return { ok: false, reason: `not a ${RECORD_FORMAT} v${RECORD_FORMAT_VERSION} file` };
  const origin = { setup: record.setup, decisionMs: record.game.decisionMs, windowMs: record.game.windowMs, createdAt: record.game.createdAt };
  const log: LoggedAction[] = record.actions.map((a) => ({ version: a.version, seat: a.seat, at: a.at, action: JSON.stringify(a.action) }));
  let mismatch: string | null = null;
  const r = replay(origin, log, (version, _at, ev) => {
    if (mismatch) return;
    const expected = version === 0 ? record.start.events : record.actions[version - 1]?.events;
    const d = firstDifference(asJson(ev), expected);
    if (d) mismatch = `events of version ${version} differ: ${d}`;
  });
  if (!r.ok) return { ok: false, reason: r.reason };
  if (mismatch) return { ok: false, reason: mismatch };
  const d = firstDifference(asJson(r.state), record.final);
  if (d) return { ok: false, reason: `final state differs: ${d}` };
  return { ok: true, state: r.state };
}
