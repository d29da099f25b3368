// The expert's search thread (src/ai/worker/pool.ts), as the bot's AI seats and 提示 use it: a decision
// comes back as one of the legal actions, and the thread runs under SCHED_BATCH (src/threads.ts), so a
// search handed to it never preempts the bot's event loop.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SearchThread } from '../../src/ai/worker/pool.js';
import { newMemory, observeAll } from '../../src/ai/index.js';
import { legalActions, newGame, view, waitingOn } from '../../src/engine/index.js';
import { batchThreadIds } from '../support/threads.js';

const thread = new SearchThread(50);
afterAll(() => thread.close());

describe('the search thread', () => {
  it('decides one of the legal actions, under SCHED_BATCH', async () => {
    const start = newGame({ seed: 11, players: ['A', 'B', 'C', 'D', 'E'], options: { characters: true } });
    const s = start.state;
    const seat = waitingOn(s)[0];
    const legal = legalActions(s, seat);
    const before = new Set(batchThreadIds());
    const a = await thread.decide(view(s, seat), legal, observeAll(newMemory(view(s, seat)), start.events));
    expect(legal).toContain(a);
    if (process.platform === 'linux') await vi.waitFor(() => expect(batchThreadIds().filter((t) => !before.has(t)).length).toBeGreaterThanOrEqual(1), { timeout: 10_000 });
  }, 30_000);
});
