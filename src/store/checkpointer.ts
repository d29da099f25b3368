// Moves WAL checkpoints off the thread that commits. SQLite's automatic checkpoint runs inside the
// commit that crosses its threshold (about every 250 actions here) and takes 10-40 ms on this machine,
// copying pages and syncing the database file: that was most of the p99 of a persisted action.
// A worker thread with its own connection checkpoints instead (PASSIVE: it never blocks a writer),
// so a commit only appends to the WAL; the WAL restarts from its beginning once the worker has
// caught up. The commit path keeps a far automatic checkpoint as a backstop should the worker die.
// The same thread checks the file for damaged pages (quick_check) every QUICK_CHECK_EVERY_MS, on a
// connection of its own each time (so it reads the file, not pages it cached): a page damaged while
// the bot runs (a disk fault, a file copied over the live one) is found within the hour, not at the
// next start.
import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';
import { helperThread } from '../threads.js';
import type { Logger } from '../log.js';
import { BUSY_TIMEOUT_MS } from './config.js';
import { oneLine } from './guard.js';

/** How often the worker checks the file for damaged pages (~0.25 s per 120 MB, off the bot's thread). */
export const QUICK_CHECK_EVERY_MS = 3_600_000;

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
const quickCheck = () => {
  let report;
  try {
    const fresh = new Database(workerData.file, { readonly: true, fileMustExist: true, timeout: workerData.busyMs });
    try {
      report = String(fresh.pragma('quick_check(1)', { simple: true }));
    } finally {
      fresh.close();
    }
  } catch (err) {
    report = String((err && err.message) || err);
  }
  parentPort.postMessage({ checked: report });
};
const checks = setInterval(quickCheck, workerData.checkMs);
parentPort.on('message', (m) => {
  if (m === 'check') return quickCheck();
  if (m !== 'stop') return;
  clearInterval(timer);
  clearInterval(checks);
  db.close();
  parentPort.postMessage('stopped');
});
parentPort.postMessage('started');
`;

export class Checkpointer {
  private stopping: Promise<void> | null = null;

  /** Waiting for the next check's report (check()). */
  private readonly checking: ((report: string) => void)[] = [];
  /** The last check found the file damaged: said once, until a check finds it whole again. */
  private damaged = false;

  private constructor(
    private readonly worker: Worker,
    private readonly ready: Promise<boolean>,
  ) {}

  /** `onDamaged`: a check found the file damaged (SQLite's report), once per damage. */
  static start(file: string, log: Logger, o: { intervalMs?: number; checkMs?: number; onDamaged?: (report: string) => void } = {}): Checkpointer {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const workerData = { file, driver, busyMs: BUSY_TIMEOUT_MS, intervalMs: o.intervalMs ?? 100, checkMs: o.checkMs ?? QUICK_CHECK_EVERY_MS };
    const worker = helperThread(WORKER_SOURCE, { eval: true, workerData });
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
    const c = new Checkpointer(worker, ready);
    worker.on('message', (m: unknown) => {
      if (typeof m !== 'object' || m === null || !('checked' in m)) return;
      const raw = String((m as { checked: unknown }).checked);
      const report = raw === 'ok' ? raw : oneLine(raw);
      const whole = report === 'ok';
      if (!whole && !c.damaged) {
        log.error({ db: file, report }, 'the database file is damaged: stop the bot and restore the newest backup (README "Backups")');
        o.onDamaged?.(report);
      } else if (whole && c.damaged) log.info({ db: file }, 'the database file checks whole again');
      c.damaged = !whole;
      for (const resolve of c.checking.splice(0)) resolve(report);
    });
    return c;
  }

  /** Checks the file now (as the schedule does); resolves with SQLite's report ('ok' when whole). */
  async check(): Promise<string> {
    if (!(await this.ready)) return 'the checkpoint worker is not running';
    return new Promise((resolve) => {
      this.checking.push(resolve);
      this.worker.postMessage('check');
    });
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
