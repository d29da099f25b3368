// The bot token's global budget kept as Discord counts it (src/discord/http/global-budget.ts): never more than the
// budget within any second and ARRIVAL_JITTER_MS, in the order asked, no later than that allows; requests
// through an interaction's token never wait.
import type { ResponseLike } from 'discord.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ARRIVAL_JITTER_MS, GlobalBudget } from '../../src/discord/http/global-budget.js';
import { seedRng, randInt } from '../../src/engine/rng.js';

afterEach(() => vi.useRealTimers());

const WINDOW = 1_000 + ARRIVAL_JITTER_MS;

/** Asks for a request at each time (ms) and returns when each was let go, in the order asked. */
async function run(budget: GlobalBudget, askAt: number[], until: number): Promise<number[]> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 0 });
  const released: number[] = new Array(askAt.length);
  for (const [k, at] of askAt.entries())
    setTimeout(() => {
      const wait = budget.take();
      if (wait) void wait.then(() => (released[k] = Date.now()));
      else released[k] = Date.now();
    }, at);
  await vi.advanceTimersByTimeAsync(until);
  return released;
}

describe("the bot token's global budget, as Discord counts it", () => {
  it('lets a burst go up to the budget at once, the rest as the oldest leave the window of a second and the jitter, in order', async () => {
    const budget = new GlobalBudget(50, () => Date.now());
    const released = await run(budget, Array.from({ length: 120 }, () => 0), 5_000);
    expect(released.slice(0, 50).every((t) => t === 0)).toBe(true);
    expect(released.slice(50, 100).every((t) => t === WINDOW)).toBe(true);
    expect(released.slice(100).every((t) => t === 2 * WINDOW)).toBe(true);
  });

  it('never lets more than the budget go within any window, and holds nobody longer than that needs (random arrivals)', async () => {
    const rng = seedRng(7);
    let t = 0;
    const askAt = Array.from({ length: 600 }, () => (t += randInt(rng, 40)));
    const budget = new GlobalBudget(50, () => Date.now());
    const released = await run(budget, askAt, t + 20 * WINDOW);
    expect(released.every((r) => r !== undefined)).toBe(true);
    for (let k = 0; k < released.length; k++) {
      expect(released[k]).toBeGreaterThanOrEqual(askAt[k]);
      if (k > 0) expect(released[k]).toBeGreaterThanOrEqual(released[k - 1]);
      // No 51st within a window of the 50 before it.
      if (k >= 50) expect(released[k] - released[k - 50]).toBeGreaterThanOrEqual(WINDOW);
      // Held only while the window was full: at its asking, or when the 50th before it left the window.
      if (released[k] > askAt[k]) expect(released[k] === released[k - 1] || released[k] === released[k - 50] + WINDOW).toBe(true);
    }
    // Some were held (the arrivals average 50 a second, more than the 45 the window allows).
    expect(released.some((r, k) => r > askAt[k])).toBe(true);
  });

  it("a process's new share applies at once: a larger one lets the held go, a smaller one holds the next", async () => {
    const budget = new GlobalBudget(10, () => Date.now());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 0 });
    const gone: number[] = [];
    for (let k = 0; k < 15; k++) void (budget.take() ?? Promise.resolve()).then(() => gone.push(k));
    await vi.advanceTimersByTimeAsync(1);
    expect(gone).toHaveLength(10);
    expect(budget.queued).toBe(5);
    budget.setBudget(20);
    await vi.advanceTimersByTimeAsync(1);
    expect(gone).toEqual(Array.from({ length: 15 }, (_, k) => k));
    budget.setBudget(5);
    expect(budget.take()).toBeInstanceOf(Promise);
    expect(GlobalBudget.discordJsLimit(50)).toBe(45);
    expect(GlobalBudget.discordJsLimit(1)).toBe(1);
  });

  it('sends through an interaction token without waiting, and counts only the rest', async () => {
    const budget = new GlobalBudget(1, () => Date.now());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 0 });
    const sent: string[] = [];
    const make = budget.wrap(async (url) => {
      sent.push(url);
      return new Response(null, { status: 204 }) as unknown as ResponseLike;
    });
    const api = 'https://discord.com/api/v10';
    void make(`${api}/channels/1/messages`, {});
    void make(`${api}/channels/1/messages/2`, { method: 'DELETE' });
    void make(`${api}/interactions/3/tok-en/callback?with_response=true`, { method: 'POST' });
    void make(`${api}/webhooks/4/tok-en/messages/@original`, { method: 'PATCH' });
    await vi.advanceTimersByTimeAsync(0);
    expect([...sent].sort()).toEqual([`${api}/channels/1/messages`, `${api}/interactions/3/tok-en/callback?with_response=true`, `${api}/webhooks/4/tok-en/messages/@original`]);
    await vi.advanceTimersByTimeAsync(WINDOW);
    expect(sent.at(-1)).toBe(`${api}/channels/1/messages/2`);
  });
});
