// The search worker thread: decides for the expert policy off the bot's event loop. A request
// carries what the policy may read — the seat's view, its legal actions, its memory — and the
// answer is the index of the chosen action among those legal actions.
import { parentPort } from 'node:worker_threads';
import { ExpertPolicy } from '../expert.js';
import type { SearchRequest, SearchAnswer } from './pool.js';
import { batchThread, ownThreadId } from '../../threads.js';

// A search (up to 300 ms) handed to this thread must not preempt the bot's event loop (src/threads.ts).
void batchThread(ownThreadId());

const policies = new Map<string, ExpertPolicy>();

parentPort!.on('message', (r: SearchRequest) => {
  let answer: SearchAnswer;
  try {
    const key = `${r.budgetMs}|${r.capMs}`;
    let p = policies.get(key);
    if (!p) policies.set(key, (p = new ExpertPolicy({ budgetMs: r.budgetMs, capMs: r.capMs })));
    const a = p.decide(r.view, r.legal, r.memory);
    answer = { id: r.id, index: r.legal.indexOf(a) };
  } catch (e) {
    answer = { id: r.id, index: -1, error: String((e as Error).stack ?? e) };
  }
  parentPort!.postMessage(answer);
});
