// The identify queue shared by every process of the bot (issue 37 §2): Discord lets a bot start one
// gateway session per IDENTIFY_SPACING_MS in each max_concurrency bucket (shard id % max_concurrency),
// whichever process starts it. discord.js's own throttler counts only its own client's shards; this one
// takes each bucket's turn from the database (identify_slots, store/leases.ts), so processes on
// several machines starting at once identify no faster than Discord allows. Given to the client as
// `ws.buildIdentifyThrottler` (main.ts) when the process runs on leases.
import type { ClientOptions } from 'discord.js';
import type { Logger } from '../log.js';
import type { StoreBackend } from '../store/backend.js';

/** Discord's interval between two session starts of one bucket. */
export const IDENTIFY_SPACING_MS = 5_000;

export class SharedIdentifyThrottler {
  constructor(
    private readonly backend: StoreBackend,
    private readonly maxConcurrency: number,
    private readonly log: Logger,
    private readonly spacingMs = IDENTIFY_SPACING_MS,
  ) {}

  /** Resolves when shard `shardId` may identify (its bucket's turn is taken), or rejects when aborted. */
  async waitForIdentify(shardId: number, signal: AbortSignal): Promise<void> {
    const bucket = shardId % Math.max(1, this.maxConcurrency);
    for (;;) {
      signal.throwIfAborted();
      let wait: number;
      try {
        wait = await this.backend.transaction((tx) => tx.leases.identify(bucket, this.spacingMs));
      } catch (err) {
        // The database away: the shard waits one spacing and goes, as one process alone would.
        this.log.warn({ err, shard: shardId }, 'could not take an identify turn from the database; identifying after one interval');
        await sleep(this.spacingMs, signal);
        return;
      }
      if (wait <= 0) return;
      this.log.debug({ shard: shardId, bucket, waitMs: wait }, 'waiting for the bucket\'s identify turn');
      await sleep(wait, signal);
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal.removeEventListener('abort', aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener('abort', aborted, { once: true });
  });
}

/** The client's `ws` option that takes every identify turn from the database. */
export function sharedIdentify(backend: StoreBackend, log: Logger): NonNullable<ClientOptions['ws']> {
  return {
    async buildIdentifyThrottler(manager) {
      const info = await manager.fetchGatewayInformation();
      return new SharedIdentifyThrottler(backend, info.session_start_limit.max_concurrency, log);
    },
  };
}
