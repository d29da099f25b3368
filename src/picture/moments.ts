// Moments of games to draw: a seeded random game some actions in (the simulator's random play),
// or an exported game (`npm run export`) after its N-th action. The render-table command, the
// benchmark and the golden-picture tests share these.
import { decider, view, type CharacterSet, type Edition, type GameState } from '../engine/index.js';
import type { Locale } from '../i18n/index.js';
import { playRandomGame } from '../sim/random-play.js';
import { replay } from '../store/replay.js';
import type { GameRecord } from '../store/export.js';
import { pictureInput, type PictureInput } from './input.js';

export interface Moment {
  state: GameState;
  ai: number[];
  autopilot: number[];
  /** Actions applied to reach it (less than asked when the game ended first). */
  actions: number;
}

export function seededMoment(o: { seed: number; players: number; actions: number; characters: boolean; edition: Edition; characterSet?: CharacterSet }): Moment {
  const run = playRandomGame({ players: o.players, seed: o.seed, edition: o.edition, characters: o.characters, ...(o.characterSet && { options: { characterSet: o.characterSet } }), invariants: false, stopAfter: o.actions });
  if (run.error) throw new Error(run.error);
  return { state: run.state, ai: [], autopilot: [], actions: run.actions };
}

/** The exported game after its `at`-th action (0: the deal). */
export function exportMoment(record: GameRecord, at: number): Moment {
  if (record?.format !== 'fengsheng-game') throw new Error('not an exported game (format fengsheng-game)');
  if (at > record.actions.length) throw new Error(`the game has ${record.actions.length} actions; --at ${at} is past its end`);
  const r = replay(
    { setup: record.setup, decisionMs: record.game.decisionMs, createdAt: record.game.createdAt },
    record.actions.slice(0, at).map((a) => ({ version: a.version, seat: a.seat, at: a.at, action: a.action as never })),
  );
  if (!r.ok) throw new Error(`the export does not replay: ${r.reason}`);
  return { state: r.state, ai: record.seats.filter((s) => s.ai).map((s) => s.seat), autopilot: [], actions: at };
}

export function momentInput(m: Moment, locale: Locale): PictureInput {
  return pictureInput(locale, view(m.state, null), { ai: m.ai, autopilot: m.autopilot, decider: decider(m.state) });
}
