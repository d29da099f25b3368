// npm run bench's live ramp (as-it-runs.ts) in a process of its own with the bench's young generation
// (young-generation.ts, test/bench/discord-bench.ts starts it): its log lines and its figures go to the parent.
import type { FromChild } from './young-generation.js';
import { liveBenchmarks } from './as-it-runs.js';

const send = (m: FromChild<Awaited<ReturnType<typeof liveBenchmarks>>>) => new Promise<void>((resolve) => process.send!(m, () => resolve()));
const figures = await liveBenchmarks({ log: (line) => void send({ log: line }) });
await send({ result: figures });
process.exit(0);
