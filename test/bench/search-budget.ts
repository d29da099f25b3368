// How the expert's budget (counted in playout actions, src/ai/expert.ts) meets the clock at each table size
// (issue 38 §1): one expert seat among strong players, characters on, seat g % P in game g, the bot's 300 ms
// with its cap. Per size one JSON line: the searched decisions, µs a counted step (300 ms / 120,000 steps is
// 2.5), the steps a searched decision counted, how many ended on the clock cap, their p50 / p99 ms.
// `npx tsx test/bench/search-budget.ts [--players 3,4,5,6,7,8,9] [--games 3] [--edition standard]
// [--character-set standard|classic]`. Outside npm test.
import { parseArgs } from 'node:util';
import { CAP_FACTOR, ExpertPolicy, makePolicy } from '../../src/ai/index.js';
import { playPolicyGame } from '../../src/ai/play.js';
import type { CharacterSet, Edition } from '../../src/engine/types.js';

const { values: o } = parseArgs({
  options: {
    players: { type: 'string', default: '3,4,5,6,7,8,9' },
    games: { type: 'string', default: '3' },
    edition: { type: 'string', default: 'standard' },
    'character-set': { type: 'string', default: 'standard' },
  },
});
const characterSet = o['character-set'] as CharacterSet;
for (const players of o.players.split(',').map(Number)) {
  const ms: number[] = [];
  let steps = 0;
  let total = 0;
  let capped = 0;
  for (let g = 0; g < Number(o.games); g++) {
    const expert = new ExpertPolicy({ budgetMs: 300, capMs: 300 * CAP_FACTOR });
    const strong = makePolicy('strong');
    let before = expert.stats();
    playPolicyGame({
      players,
      seed: 9100 + g,
      edition: o.edition as Edition,
      options: { characters: true, ...(characterSet !== 'standard' && { characterSet }) },
      seats: (i) => (i === g % players ? expert : strong),
      onDecision: (_seat, p, t) => {
        if (p !== expert) return;
        const now = expert.stats();
        if (now.playouts > before.playouts) {
          ms.push(t);
          steps += now.steps - before.steps;
          total += now.ms - before.ms;
          capped += now.capped - before.capped;
        }
        before = now;
      },
    });
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(ms.length * q))] ?? 0);
  console.log(
    JSON.stringify({ players, searched: ms.length, usPerStep: Math.round((1000 * total) / Math.max(1, steps) * 100) / 100, stepsPerDecision: Math.round(steps / Math.max(1, ms.length)), capped, p50: at(0.5), p99: at(0.99) }),
  );
}
