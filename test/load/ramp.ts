// The bench's ramp (test/bench/live/as-it-runs.ts, what `npm run bench` reports "as the bot runs") on
// steps of your choosing, for an A/B of one figure in a few minutes: e.g. the bot's resident memory
// per live game from 50 to 250 games. It runs itself with the bench's young generation, as npm run bench
// runs its ramp (bench/live/young-generation.ts). Not in npm test.
//   npx tsx test/load/ramp.ts --steps 50,250 --hold 25
import { parseCommand } from '../../src/cli/args.js';
import { liveBenchmarks } from '../bench/live/as-it-runs.js';
import { withBenchYoungGeneration } from '../bench/live/young-generation.js';

withBenchYoungGeneration();

const { values } = parseCommand({
  usage: 'npx tsx test/load/ramp.ts',
  summary: "Runs the bench's ramp of live games on the given steps and prints its figures as one JSON object.",
  options: {
    steps: { type: 'string', help: 'live games of each step, comma-separated (two games of the first are held by a 429)', value: 'N,N,…', default: '50,250' },
    hold: { type: 'string', help: 'seconds each step is held after its games are open', value: 'S', default: '25', int: [5, 3600] },
  } as const,
});
const figures = await liveBenchmarks({ steps: values.steps.split(',').map(Number), holdMs: Number(values.hold) * 1000, budgetMs: 3_600_000, log: (line) => console.error(line) });
console.log(JSON.stringify(figures, null, 1));
