// Positions for fitting the learned evaluation (learned.ts, npm run ai:fit): games of the strong
// policy at every seat; at the first decision of every turn, every seat's features as the
// look-ahead would see them at the end of the turn before (the identities known, the strong
// policy's currency from that seat's memory), and whether that seat won the game (a draw: ½);
// for some games also what every player saw and the identities as dealt (belief-fit.ts).
import { newGame, view } from '../engine/index.js';
import { seedRng } from '../engine/rng.js';
import { gameSeed } from '../sim/random-play.js';
import { seenLength, seenRows, type BeliefGame } from './belief-fit.js';
import type { SeenList } from './beliefs.js';
import { idIndex, SOY } from './cards.js';
import { playStrong } from './forks.js';
import { features, type TableKind } from './learned.js';
import { positionValue } from './lookahead.js';
import { newMemory, observeAll } from './memory.js';
import { StrongPolicy } from './strong.js';

/** Games of one kind of table (its size, edition, 角色版本, 胜利情报数). */
export interface PositionJob extends TableKind {
  characters: boolean;
  seed: number;
  /** Game numbers [from, to). */
  from: number;
  to: number;
  /** Keep the evidence of every this-many-th game for fitting how beliefs read it (belief-fit.ts); none if absent. */
  beliefEvery?: number;
}

/** One seat's game: the character it played and whether it won (a draw: ½). */
export interface Pick {
  players: number;
  character: string;
  y: number;
}

/** One seat's position: its table size and the game it came from, its model (faction or soy), its features, whether it won. */
export interface Position {
  players: number;
  game: number;
  soy: boolean;
  x: number[];
  y: number;
}

/**
 * The positions of the job's games, (with characters) every seat's character and result, and (with
 * beliefEvery) the evidence of some games with every seat's beliefs asked at the same moments.
 */
export function positions(job: PositionJob): { positions: Position[]; picks: Pick[]; beliefs: BeliefGame[] } {
  const strong = new StrongPolicy();
  const names = Array.from({ length: job.players }, (_, i) => String.fromCharCode(65 + i));
  const out: Position[] = [];
  const picks: Pick[] = [];
  const beliefs: BeliefGame[] = [];
  for (let g = job.from; g < job.to; g++) {
    const keepBeliefs = job.beliefEvery !== undefined && g % job.beliefEvery === 0;
    const moments: [number, number][] = [];
    let seen: SeenList = null;
    const seed = gameSeed(job.seed, g);
    const options = { characters: job.characters, ...(job.characterSet && { characterSet: job.characterSet }), ...(job.victoryIntel && { victoryIntel: job.victoryIntel }) };
    const start = newGame({ seed, players: names, edition: job.edition ?? 'standard', options });
    const mems = start.state.players.map((_, i) => observeAll(newMemory(view(start.state, i)), start.events));
    const game: Omit<Position, 'y'>[] = [];
    const seatOf: number[] = [];
    let turn = -1;
    let round = -1;
    const end = playStrong(start.state, mems, seedRng(seed ^ 0x5bd1e995), strong, 100_000, (s, mems) => {
      if (s.current === turn && s.round === round) return;
      turn = s.current;
      round = s.round;
      if (keepBeliefs) {
        // Every seat saw the same list (beliefs.ts seen): seat 0's stands for all.
        seen = mems[0].beliefs.seen;
        const at = seenLength(seen);
        for (let seat = 0; seat < s.players.length; seat++) moments.push([seat, at]);
      }
      for (let seat = 0; seat < s.players.length; seat++) {
        game.push({ players: job.players, game: g, soy: idIndex(s.players[seat].identity) === SOY, x: [...features(s, seat, positionValue(s, seat, mems[seat], strong))] });
        seatOf.push(seat);
      }
    });
    const r = end.result;
    if (!r) continue;
    const won = (seat: number) => (r.draw ? 0.5 : r.winners.includes(seat) ? 1 : 0);
    game.forEach((p, i) => out.push({ ...p, y: won(seatOf[i]) }));
    end.chars?.seats.forEach((c, seat) => c.name && picks.push({ players: job.players, character: c.name, y: won(seat) }));
    if (keepBeliefs) beliefs.push({ players: job.players, game: g, truth: end.players.map((p) => idIndex(p.identity)), seen: seenRows(seen), moments });
  }
  return { positions: out, picks, beliefs };
}
