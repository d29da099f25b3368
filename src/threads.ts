// The bot's helper threads (the HTTP thread, the pictures' threads, the expert's search thread) run under
// Linux's SCHED_BATCH: a thread's full share of the CPU, but its waking never takes the CPU from the
// event loop, where every click waits its turn. Under the default policy each request handed to the HTTP
// thread woke it onto the event loop's core and preempted the event loop until the thread slept again: at
// 150 live games, 28,589–29,742 involuntary switches of the event loop for about 31,500 requests, and
// 10.7–12.2 s of a run (its openings and a 25 s hold) spent inside postMessage; with the HTTP thread under
// SCHED_BATCH 7,253–12,652 switches and 0.6–2.2 s (docs/performance.md, 2026-12-06 18:40–20:11).
// Elsewhere than Linux, or without util-linux's chrt, the threads keep the default policy.
import { execFile } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A helper thread's young generation (V8's space for new objects), at most this many MB. What the HTTP
 * thread, a picture thread and the checkpointer make lives one request, one drawing or one check; under
 * V8's default each thread's young generation grew to 32 MB of pages as the games grew (up to 48 MB
 * allowed) and kept them. With 8 MB the bot held 318–319 MiB at 50 live games and 349–352 MiB at 162,
 * against 336–341 and 368–372 (docs/performance.md, 2026-12-06 21:57–22:10), its CPU an action the same.
 * The expert's search thread keeps V8's default: its worlds are many objects that live a decision.
 */
export const HELPER_YOUNG_MB = 8;

/** A helper thread: a Worker whose young generation is held to HELPER_YOUNG_MB. */
export function helperThread(script: string | URL, options: WorkerOptions = {}): Worker {
  return new Worker(script, { ...options, resourceLimits: { ...options.resourceLimits, maxYoungGenerationSizeMb: HELPER_YOUNG_MB } });
}

/**
 * A thread's script beside the module at `moduleUrl` (its import.meta.url): `<name>.js` when the bot runs
 * built (lib/, `npm start`: npm run build compiled it there from `<name>.ts` or copied `<name>.mjs`), else
 * `<name>.mjs` (from src/ through tsx, the tests and the command-line tools): plain JavaScript, or the
 * boot that registers tsx in the new thread and imports `<name>.ts`.
 */
export function threadScript(moduleUrl: string, name: string): URL {
  return new URL(`./${name}.${moduleUrl.endsWith('.ts') ? 'mjs' : 'js'}`, moduleUrl);
}

/** The calling thread's id in the kernel (Linux's /proc/thread-self), or null. */
export function ownThreadId(): number | null {
  try {
    const id = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}

/** Puts the process's thread `tid` under SCHED_BATCH; resolves whether it took. */
export function batchThread(tid: number | null): Promise<boolean> {
  if (tid === null || process.platform !== 'linux') return Promise.resolve(false);
  return new Promise((resolve) => execFile('chrt', ['--batch', '--pid', '0', String(tid)], (err) => resolve(!err)));
}
