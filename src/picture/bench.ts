// Picture figures for `npm run bench` (contracts.md §3): the public table of 9-player games drawn
// and encoded, one render at a time on one core, over moments taken all through real games.
import { performance } from 'node:perf_hooks';
import { gameSeed } from '../sim/random-play.js';
import type { Figures } from '../sim/bench-engine.js';
import { ensureFonts } from './fonts.js';
import { momentInput, seededMoment } from './moments.js';
import { drawTablePicture } from './table.js';
import type { PictureInput } from './input.js';

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

/** 9-player moments with characters, a tenth of the way through a game to its end. */
export function benchMoments(games = 12): PictureInput[] {
  const inputs: PictureInput[] = [];
  for (let i = 0; i < games; i++) {
    const seed = gameSeed(17, i);
    const whole = seededMoment({ seed, players: 9, actions: 100_000, characters: true, edition: 'standard' }).actions;
    for (let k = 1; k <= 10; k++) {
      const m = seededMoment({ seed, players: 9, actions: Math.round((whole * k) / 10), characters: true, edition: 'standard' });
      inputs.push(momentInput(m, i % 2 ? 'en' : 'zh-CN'));
    }
  }
  return inputs;
}

export async function pictureBenchmarks(): Promise<Figures> {
  ensureFonts();
  const inputs = benchMoments();
  // Between renders the event loop turns, as in the bot: the canvas frees its pixel copies then.
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  for (const p of inputs.slice(0, 20)) (drawTablePicture(p), await tick()); // warm the glyph caches and the JIT
  const ms: number[] = [];
  const cpu: number[] = [];
  const bytes: number[] = [];
  for (let pass = 0; pass < 2; pass++)
    for (const p of inputs) {
      const t = performance.now();
      const c = process.cpuUsage();
      const pic = drawTablePicture(p);
      const used = process.cpuUsage(c);
      ms.push(performance.now() - t);
      cpu.push((used.user + used.system) / 1000);
      bytes.push(pic.png.length);
      await tick();
    }
  ms.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  bytes.sort((a, b) => a - b);
  return {
    tableRenderP99Ms: { value: round(ms[Math.ceil(ms.length * 0.99) - 1]), unit: `ms p99 (9 players, draw + PNG encode, ${ms.length} renders, one core)` },
    tableRenderCpuP99Ms: { value: round(cpu[Math.ceil(cpu.length * 0.99) - 1]), unit: 'ms p99 of CPU time (the same renders; unlike wall time, not lengthened by other processes)' },
    tableRenderMedianMs: { value: round(ms[Math.floor(ms.length / 2)]), unit: 'ms median (9 players)' },
    tableImageBytes: { value: bytes[bytes.length - 1], unit: `bytes, the largest of ${bytes.length} 9-player pictures (1000×800 PNG)` },
    tableImageMedianBytes: { value: bytes[Math.floor(bytes.length / 2)], unit: 'bytes median (9 players)' },
  };
}
