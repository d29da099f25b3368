// Every scenario file under test/scenarios runs as one test (the same runner as `npm run scenario`).
import { describe, expect, it } from 'vitest';
import { runScenarioFile, scenarioFiles } from '../src/scenario/index.js';

const files = scenarioFiles(['test/scenarios']);

describe('rule scenarios', () => {
  it('has at least 60 scenarios', () => {
    expect(files.length).toBeGreaterThanOrEqual(60);
  });
  for (const file of files) {
    it(file.replace('test/scenarios/', ''), () => {
      const r = runScenarioFile(file);
      expect(r.failures).toEqual([]);
      expect(r.ok).toBe(true);
    });
  }
});
