// The bench process of a long hold (the stand-in, 1,500 scripted people and the measuring) allocates
// fast and keeps every interaction for its token's 15 minutes. With V8's default young generation (16 MB
// a half) it scavenged 2,145 times in a 4-minute soak at 300 games (20.7 s), and its event loop's longest
// busy stretches (about 1 s, 400–600 ms of them the collector) are timed as the bot's clicks; with 64 MB
// a half, 755 times (11.6 s) (docs/performance.md, 2026-12-07 evening). The bot's own process is started
// with npm start's options, whatever this one runs with.
import { spawnSync } from 'node:child_process';

const BENCH_SEMI_SPACE_MB = 64;

/** Runs this script again under node with the bench's young generation, unless it already has one; exits with its status. */
export function withBenchYoungGeneration(): void {
  if (process.execArgv.some((a) => a.startsWith('--max-semi-space-size'))) return;
  const r = spawnSync(process.execPath, [`--max-semi-space-size=${BENCH_SEMI_SPACE_MB}`, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
