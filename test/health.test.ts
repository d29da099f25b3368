// The pulses `npm run health` reads (src/run/health.ts): a standby waiting for shard leases has no
// gateway and is healthy while its pulse is fresh; a running bot without its gateway is not.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HEALTH_STALE_MS, pulseFile, pulseProblems, startPulse } from '../src/run/health.js';
import { tempDir } from './store/helpers.js';

const dir = tempDir('fengsheng-health-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('health pulses', () => {
  it('a waiting standby is healthy while fresh; a process without its gateway is not', () => {
    const db = path.join(dir, 'game.db');
    const standby = startPulse(pulseFile(db, null, true), null, () => false, true);
    try {
      expect(path.basename(pulseFile(db, null, true))).toBe(`health.standby-${process.pid}.json`);
      expect(pulseProblems(db)).toEqual([]);
      expect(pulseProblems(db, Date.now() + HEALTH_STALE_MS + 1_000)[0]).toMatch(/^the standby \(pid \d+\) has not written its health for \d+ s$/);
      const shard = startPulse(pulseFile(db, 3), 3, () => false);
      expect(pulseProblems(db)).toEqual([`shard 3 (pid ${process.pid}) is not connected to Discord's gateway`]);
      shard.stop();
    } finally {
      standby.stop();
    }
    expect(pulseProblems(db)).toEqual([`no bot is running here: no health file in ${dir}`]);
  });
});
