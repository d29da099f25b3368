// The helper threads' young generation (src/threads.ts): held to HELPER_YOUNG_MB however much a thread
// makes, where V8's default lets it grow to 32 MB and keep the pages.
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { HELPER_YOUNG_MB, helperThread } from '../src/threads.js';

// Makes a million short-lived objects while holding the last 50,000 (a busy thread's requests in flight),
// then says the largest its young generation grew.
const CHURN = `
const v8 = require('node:v8');
const { parentPort } = require('node:worker_threads');
const held = new Array(50000);
let most = 0;
for (let i = 0; i < 1e6; i++) {
  held[i % held.length] = { i, s: 'x' + i, a: [i, i + 1] };
  if (i % 10000 === 0) most = Math.max(most, v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);
}
parentPort.postMessage(most);`;

async function youngMb(w: Worker): Promise<number> {
  try {
    return ((await new Promise((resolve, reject) => w.once('message', resolve).once('error', reject))) as number) / 2 ** 20;
  } finally {
    await w.terminate();
  }
}

describe('helper threads', () => {
  it(`hold their young generation to ${HELPER_YOUNG_MB} MB where a plain thread's grows past it`, async () => {
    expect(await youngMb(helperThread(CHURN, { eval: true }))).toBeLessThanOrEqual(HELPER_YOUNG_MB);
    expect(await youngMb(new Worker(CHURN, { eval: true }))).toBeGreaterThan(HELPER_YOUNG_MB);
  }, 30_000);
});
