// The bench process of a live run (the stand-in, up to 1,500 scripted people and the measuring) allocates
// fast and keeps every interaction for its token's 15 minutes. With V8's default young generation (16 MB
// a half) it scavenged 2,145 times in a 4-minute soak at 300 games (20.7 s), and its event loop's longest
// busy stretches (about 1 s, 400–600 ms of them the collector) are timed as the bot's clicks; with 64 MB
// a half, 755 times (11.6 s) (docs/performance.md, 2026-12-07 evening). So the soak runs itself, and
// npm run bench its live ramp, under node with that young generation; the ramp in a process of its own
// too, away from the heap the bench's other figures leave (which gained it most: 2026-12-08). The bot's
// own process is started with npm start's options, whatever this one runs with.
import { fork, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const FLAG = '--max-semi-space-size=64';
const hasFlag = (args: readonly string[]) => args.some((a) => a.startsWith('--max-semi-space-size'));

/** Runs this script again under node with the bench's young generation, unless it already has one; exits with its status. */
export function withBenchYoungGeneration(): void {
  if (hasFlag(process.execArgv)) return;
  const r = spawnSync(process.execPath, [FLAG, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

/** What a module run by inBenchYoungGeneration sends its parent (process.send). */
export type FromChild<T> = { log: string } | { result: T };

/**
 * Runs `module` in a child node with the bench's young generation (and this process's other node
 * options, tsx's loader among them); resolves with the `result` it sends, passing the `log` lines it
 * sends to `log`. Its standard output goes to this process's standard error (npm run bench prints
 * nothing but its figures).
 */
export function inBenchYoungGeneration<T>(module: URL, log: (line: string) => void = () => undefined): Promise<T> {
  const child = fork(fileURLToPath(module), [], { execArgv: [FLAG, ...process.execArgv.filter((a) => !hasFlag([a]))], stdio: ['ignore', 2, 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    let result: { value: T } | null = null;
    child.on('message', (m: FromChild<T>) => {
      if ('log' in m) log(m.log);
      else result = { value: m.result };
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => (result ? resolve(result.value) : reject(new Error(`${fileURLToPath(module)} ended (${signal ?? code}) without its result`))));
  });
}
