// npm run --silent bench: one JSON object of named measurements (contracts.md §3).
import { engineBenchmarks, type Figures } from '../sim/bench-engine.js';

const figures: Figures = { ...engineBenchmarks() };
const store = await import('../store/bench.js').catch(() => null);
if (store) Object.assign(figures, await store.storeBenchmarks());
process.stdout.write(JSON.stringify(figures) + '\n');
