// The publisher's lanes (src/discord/outbound/lanes.ts): a wait for nothing new (the table's lane
// waiting only to draw its next picture) ends at the lane's next kick, so a move made meanwhile goes
// out at the edit interval.
import { describe, expect, it } from 'vitest';
import { Lanes } from '../../src/discord/outbound/lanes.js';

describe('lanes', () => {
  it("a wakeable wait ends at the lane's next kick, and at no other lane's", async () => {
    const lanes = new Lanes(() => undefined);
    const order: string[] = [];
    let runs = 0;
    const pump = async () => {
      runs++;
      if (runs > 1) return void order.push('again');
      await lanes.sleep(600_000, false, true);
      order.push('woke');
    };
    const done = lanes.kick('table:1', pump);
    // Another lane's kick leaves it waiting.
    await lanes.kick('table:2', async () => void order.push('other'));
    expect(order).toEqual(['other']);
    // Its own lane's kick ends the wait at once, and the pump runs once more after it.
    void lanes.kick('table:1', pump);
    await done;
    expect(order).toEqual(['other', 'woke', 'again']);
  });
});
