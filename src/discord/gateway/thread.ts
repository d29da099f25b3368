// The gateway in a thread of its own (shards.mjs): discord.js's client keeps everything it decides on
// the event loop (its caches, its events, the identify turns), and @discordjs/ws runs the connections in
// the thread: heartbeats, inflating and parsing each packet. So a click is seen, and told to the HTTP
// thread, the moment it arrives, however busy the event loop is (../http/worker.mjs acknowledges it
// should the event loop not answer in time).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SimpleShardingStrategy, WorkerShardingStrategy, type IShardingStrategy, type WebSocketManager } from '@discordjs/ws';
import { threadScript } from '../../threads.js';

const SCRIPT = fileURLToPath(threadScript(import.meta.url, 'shards'));

/**
 * The client's `ws.buildStrategy`: a thread a shard (@discordjs/ws terminates a thread when the first of
 * its shards is destroyed, so a thread holding two would never finish stopping the second). Where the
 * script is not beside this module (the crash tests' one-file builds), the connections stay on the
 * event loop, as the HTTP thread's requests do.
 */
export function gatewayThread(manager: WebSocketManager): IShardingStrategy {
  if (!existsSync(SCRIPT)) return new SimpleShardingStrategy(manager);
  return new WorkerShardingStrategy(manager, { shardsPerWorker: 1, workerPath: SCRIPT });
}
