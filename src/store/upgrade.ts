// Stored snapshots in the shape of an older engine, brought to this engine's shape. Recovery replays a
// game's log with this engine and compares with its stored snapshot (recovery.ts); when the shape of
// the state changed but the rules did not, the replay gives the same game in the new shape, so the
// stored snapshot is upgraded first and compared then. Each step upgrades from the engine version
// before `to` and leaves a snapshot already in the new shape as it is (a game stored by an older
// engine keeps its engine_version, and its later snapshots are written in the current shape).
// A step is history: it names the old fields as they were, never imports the content.

type Json = Record<string, unknown>;
type Seat = Json & { name?: string | null; mark?: Record<string, number> };

export interface UpgradeStep {
  /** The ENGINE_VERSION whose shape this step produces. */
  to: number;
  up(state: Json): void;
}

const bit = (i: number) => 1 << i;
const markOf = (x: Seat) => (x.mark ??= {});

/**
 * Engine version 2: per-character records moved out of SeatChar into the character's seat mark
 * (src/engine/README.md): 老鬼's `redAtDeath`, 老枪's 合谋 (`knows` of every seat → his `saw` and
 * `seenBy`), 致命香水's 临危受命 (`identityGone` of the dead → her `took`); and 后着's decision data
 * `sees` is `from`.
 */
function v2(state: Json): void {
  const chars = state.chars as { seats: Seat[]; queue: { data?: Json }[]; held: { data?: Json } | null } | undefined;
  if (chars) {
    const seats = chars.seats;
    const knows = seats.map((x) => (typeof x.knows === 'number' ? x.knows : 0));
    seats.forEach((x, i) => {
      if (x.name === '老鬼' && typeof x.redAtDeath === 'number') markOf(x).redAtDeath = x.redAtDeath;
      if (x.name === '老枪') {
        const saw = knows[i];
        let seenBy = 0;
        knows.forEach((k, j) => {
          if (j !== i && (k & bit(i)) !== 0) seenBy |= bit(j);
        });
        if (saw || seenBy) Object.assign(markOf(x), { saw, seenBy });
      }
      if (x.identityGone === true) {
        const her = seats.find((y) => y.name === '致命香水');
        if (her) markOf(her).took = (markOf(her).took ?? 0) | bit(i);
      }
    });
    for (const x of seats) {
      delete x.redAtDeath;
      delete x.knows;
      delete x.identityGone;
    }
    for (const t of chars.queue) renameSees(t.data);
    renameSees(chars.held?.data);
  }
  renameSees((state.pending as { data?: Json } | null)?.data);
}

function renameSees(data: Json | undefined): void {
  if (!data || data.sees === undefined) return;
  data.from = data.sees;
  delete data.sees;
}

export const UPGRADES: UpgradeStep[] = [{ to: 2, up: v2 }];

/**
 * The stored state `value` (parsed JSON), upgraded in place from the shape of `engineVersion` (null:
 * stored before versions were kept, which is the shape of version 1) to this engine's. Returns it.
 */
export function upgradeSnapshot<T>(value: T, engineVersion: number | null): T {
  if (typeof value !== 'object' || value === null) return value;
  for (const step of UPGRADES) if (engineVersion === null || engineVersion < step.to) step.up(value as Json);
  return value;
}
