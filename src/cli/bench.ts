// npm run --silent bench: one JSON object of named measurements (README: commands for checks and tools).
// The Discord figures drive the bot through the local stand-in (those "as the bot runs" start the bot
// as it ships, in a process of its own: test/bench/live/), and the PostgreSQL ones start a throwaway
// server: both are test equipment.
import { discordBenchmarks } from '../../test/bench/discord-bench.js';
import { postgresBenchmarks } from '../../test/bench/pg-bench.js';
import { pictureBenchmarks } from '../picture/bench.js';
import { engineBenchmarks, type Figures } from '../sim/bench-engine.js';
import { storeBenchmarks } from '../store/bench.js';
import { parseCommand } from './args.js';

parseCommand({
  usage: 'npm run --silent bench --',
  summary: 'Measures the engine, the store (SQLite and PostgreSQL), the picture, and the bot through the local Discord stand-in (as it runs: its own process, Discord\'s rate limits, a ramp of live games); prints one JSON object of named figures (docs/performance.md).',
  options: {},
});

const figures: Figures = { ...engineBenchmarks() };
Object.assign(figures, await storeBenchmarks());
// Against a throwaway PostgreSQL server it starts (test/support/postgres.ts): needs PostgreSQL installed.
Object.assign(figures, await postgresBenchmarks());
Object.assign(figures, await pictureBenchmarks());
Object.assign(figures, await discordBenchmarks());
process.stdout.write(JSON.stringify(figures) + '\n');
process.exit(0);
