// Start-up on leases (run/leases.ts): a connection of its own for the leases (their renewals never
// wait behind the games' commits), then the wait for the shards. SIGINT or SIGTERM while waiting
// ends the wait: the process exits having driven nothing.
import type { BotConfig } from '../config.js';
import type { Logger } from '../log.js';
import type { GameStore, GameStoreOptions, StoreBackend } from '../store/index.js';
import { pulseFile, startPulse } from './health.js';
import { ShardLeases } from './leases.js';

export interface Leased {
  leases: ShardLeases;
  /** The leases' connection (the identify queue takes its turns there too). */
  backend: StoreBackend;
  /** Frees the leases and closes their connection. */
  release(): Promise<void>;
}

export async function takeLeases(
  config: BotConfig,
  plan: { count: number; ids: readonly number[] | null },
  log: Logger,
  open: (o: GameStoreOptions & { logger: Logger }) => Promise<GameStore>,
): Promise<Leased | null> {
  const store = await open({ path: config.databasePath, url: config.databaseUrl, directUrl: config.databaseDirectUrl, logger: log, recover: false, checkpointWorker: false });
  const leases = new ShardLeases(store.backend, { count: plan.count, ids: plan.ids, ttlMs: config.leaseMs, log });
  const stop = () => leases.stop();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // `npm run health` says a waiting standby is healthy (it has no gateway yet).
  const pulse = startPulse(pulseFile(config.databasePath, null, true), null, () => false, true);
  const got = await leases.acquire();
  pulse.stop();
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  if (!got) {
    log.info('stopped while waiting for shard leases');
    await store.close();
    return null;
  }
  return {
    leases,
    backend: store.backend,
    async release() {
      await leases.release();
      await store.close();
    },
  };
}
