// Moves WAL checkpoints off the thread that commits. SQLite's automatic checkpoint runs inside the
// commit that crosses its threshold (about every 250 actions here) and takes 10-40 ms on this machine,
// copying pages and syncing the database file: that was most of the p99 of a persisted action.
// A worker thread with its own connection checkpoints instead (PASSIVE: it never blocks a writer),
// so a commit only appends to the WAL; the WAL restarts from its beginning once the worker has
// caught up. The commit path keeps a far automatic checkpoint as a backstop should the worker die.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../log.js';
import { BUSY_TIMEOUT_MS } from './config.js';

/** The commit path's own automatic checkpoint, kept as a backstop: 10,000 pages (40 MB of WAL). */
export const BACKSTOP_AUTOCHECKPOINT_PAGES = 10_000;

// Plain CommonJS run with eval: a .ts worker would need tsx's loader, whose start-up takes a second.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: workerData.busyMs, fileMustExist: true });
db.pragma('busy_timeout = ' + workerData.busyMs);
let failed = false;
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    failed = false;
  } catch (err) {
    if (!failed) parentPort.postMessage({ error: String((err && err.message) || err) });
    failed = true;
  }
}, workerData.intervalMs);
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.postMessage('stopped');
});
parentPort.postMessage('started');
`;

export class Checkpointer {
  private stopping: Promise<void> | null = null;

  private constructor(
    private readonly worker: Worker,
    private readonly ready: Promise<boolean>,
  ) {}

  static start(file: string, log: Logger, intervalMs = 100): Checkpointer {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, busyMs: BUSY_TIMEOUT_MS, intervalMs } });
    // An exiting bot must not wait for this thread.
    worker.unref();
    const ready = new Promise<boolean>((resolve) => {
      worker.once('error', (err) => {
        log.error({ err, db: file }, 'checkpoint worker failed; commits checkpoint the WAL themselves');
        resolve(false);
      });
      worker.once('exit', () => resolve(false));
      worker.on('message', (m: unknown) => {
        if (m === 'started') resolve(true);
        else if (typeof m === 'object' && m !== null && 'error' in m)
          log.warn({ db: file, error: (m as { error: unknown }).error }, 'WAL checkpoint failed; will retry');
      });
    });
    return new Checkpointer(worker, ready);
  }

  /** Closes the worker's connection before the caller closes its own, so the last close can remove the WAL. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      if (!(await this.ready)) return;
      await new Promise<void>((resolve) => {
        this.worker.on('message', (m: unknown) => m === 'stopped' && resolve());
        this.worker.once('exit', () => resolve());
        this.worker.postMessage('stop');
      });
      await this.worker.terminate();
    })();
    return this.stopping;
  }
}
