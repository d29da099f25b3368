// The gateway in a thread of its own (shards.mjs): discord.js's client keeps everything it decides on
// the event loop (its caches, its events, the identify turns), and @discordjs/ws runs the connections in
// the thread: heartbeats, inflating and parsing each packet. So a click is seen, and told to the HTTP
// thread, the moment it arrives, however busy the event loop is (../http/worker.mjs acknowledges it
// should the event loop not answer in time).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { WorkerOptions } from 'node:worker_threads';
import { SimpleShardingStrategy, WorkerShardingStrategy, type IShardingStrategy, type WebSocketManager } from '@discordjs/ws';
import { HELPER_YOUNG_MB, threadScript } from '../../threads.js';

const SCRIPT = fileURLToPath(threadScript(import.meta.url, 'shards'));

/**
 * The client's `ws.buildStrategy`: a thread a shard (@discordjs/ws terminates a thread when the first of
 * its shards is destroyed, so a thread holding two would never finish stopping the second). Where the
 * script is not beside this module (the crash tests' one-file builds), the connections stay on the
 * event loop, as the HTTP thread's requests do.
 */
export function gatewayThread(manager: WebSocketManager): IShardingStrategy {
  if (!existsSync(SCRIPT)) return new SimpleShardingStrategy(manager);
  return heldYoung(new WorkerShardingStrategy(manager, { shardsPerWorker: 1, workerPath: SCRIPT }));
}

/** The module object @discordjs/ws makes its threads from (`new worker_threads.Worker(path, { workerData })`). */
const threads = createRequire(import.meta.url)('node:worker_threads') as { Worker: typeof import('node:worker_threads').Worker };

/**
 * The strategy's threads with their young generation held to HELPER_YOUNG_MB, as every helper thread's
 * (src/threads.ts): @discordjs/ws takes no options for its Worker, which grew V8's default young
 * generation with the packets (the bot's memory 43 KB a live game more between 50 and 300 games, the
 * bench of 2026-12-07 18:32). Its Worker is made at once when a thread is set up (before any await), so
 * the class it reads is swapped for that one call.
 */
function heldYoung(strategy: WorkerShardingStrategy): WorkerShardingStrategy {
  const s = strategy as unknown as { setupWorker(data: unknown): Promise<void> };
  const setup = s.setupWorker.bind(s);
  s.setupWorker = (data) => {
    const Worker = threads.Worker;
    threads.Worker = class extends Worker {
      constructor(path: string | URL, options: WorkerOptions = {}) {
        super(path, { ...options, resourceLimits: { ...options.resourceLimits, maxYoungGenerationSizeMb: HELPER_YOUNG_MB } });
      }
    };
    try {
      return setup(data);
    } finally {
      threads.Worker = Worker;
    }
  };
  return strategy;
}
