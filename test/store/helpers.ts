import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { legalActions, waitingOn, type Action, type GameState } from '../../src/engine/index.js';

export function tempDir(prefix = 'fengsheng-store-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** mulberry32: tests pick their moves from a seed, so a failure repeats. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A legal action for some seat the game waits on, or null when the game is over. */
export function randomAction(state: GameState, next: () => number): Action | null {
  const seats = waitingOn(state);
  if (!seats.length) return null;
  const seat = seats[Math.floor(next() * seats.length)];
  const legal = legalActions(state, seat);
  return legal[Math.floor(next() * legal.length)] ?? null;
}

export const PLAYERS5 = [
  { userId: '1001', name: 'Ann' },
  { userId: '1002', name: 'Bo' },
  { userId: null, name: 'AI Cai' },
  { userId: '1004', name: 'Di' },
  { userId: '1005', name: 'Eve' },
];

/** A clock tests move by hand. */
export function manualClock(start = 1_700_000_000_000) {
  let t = start;
  const clock = () => t;
  clock.set = (v: number) => (t = v);
  clock.advance = (ms: number) => (t += ms);
  return clock;
}

export function fileBytes(file: string): Buffer | null {
  return fs.existsSync(file) ? fs.readFileSync(file) : null;
}
