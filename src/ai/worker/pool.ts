// The expert policy in a worker thread, so that a host's event loop never waits on a search
// (src/discord/ai-seats.ts). One thread, started on first use; requests queue in it.
import { Worker } from 'node:worker_threads';
import type { Action, GameView } from '../../engine/index.js';
import { threadScript } from '../../threads.js';
import { CAP_FACTOR } from '../expert.js';
import type { SeatMemory } from '../memory.js';

export interface SearchRequest {
  id: number;
  budgetMs: number;
  /** The search's clock cap (ExpertOptions.capMs). */
  capMs: number;
  view: GameView;
  legal: readonly Action[];
  memory: SeatMemory;
}

export interface SearchAnswer {
  id: number;
  /** Index into the request's legal actions; -1 when the search failed. */
  index: number;
  error?: string;
}

export class SearchThread {
  private worker: Worker | null = null;
  private next = 1;
  private readonly waiting = new Map<number, { legal: readonly Action[]; ok: (a: Action) => void; fail: (e: Error) => void }>();

  constructor(
    private readonly budgetMs = 300,
    private readonly capMs = budgetMs * CAP_FACTOR,
  ) {}

  private start(): Worker {
    const w = new Worker(threadScript(import.meta.url, 'thread'));
    w.unref();
    w.on('message', (a: SearchAnswer) => {
      const q = this.waiting.get(a.id);
      if (!q) return;
      this.waiting.delete(a.id);
      if (a.index < 0 || a.index >= q.legal.length) q.fail(new Error(a.error ?? 'search failed'));
      else q.ok(q.legal[a.index]);
    });
    const down = (err: Error) => {
      this.worker = null;
      for (const q of this.waiting.values()) q.fail(err);
      this.waiting.clear();
    };
    w.on('error', down);
    w.on('exit', (code) => down(new Error(`search thread exited (${code})`)));
    return w;
  }

  /** One of `legal`, decided in the thread from the view and memory. */
  decide(view: GameView, legal: readonly Action[], memory: SeatMemory): Promise<Action> {
    const w = (this.worker ??= this.start());
    const id = this.next++;
    return new Promise<Action>((ok, fail) => {
      this.waiting.set(id, { legal, ok, fail });
      w.postMessage({ id, budgetMs: this.budgetMs, capMs: this.capMs, view, legal, memory } satisfies SearchRequest);
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}
