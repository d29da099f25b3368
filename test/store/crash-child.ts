// The crash test's child process: plays many games through the store and prints every commit it
// has been told of, the moment it is told. The parent SIGKILLs it at random moments and checks that
// every printed commit survived. Run as: node --import tsx crash-child.ts DB SEED play|finish
// (`play` keeps six games going, starting new ones; `finish` plays the unfinished ones to their end.)
import Database from 'better-sqlite3';
import pino from 'pino';
import { GameStore } from '../../src/store/store.js';
import { randomAction, rng } from './helpers.js';

const [file, seedArg, mode] = process.argv.slice(2);
const seed = Number(seedArg);
const startNewGames = mode === 'play';
const CONCURRENT = 6;
const DECISION_MS = 30_000;
const next = rng(seed);

// stdout to a pipe is synchronous on Linux: once write returns, the line is the parent's to read,
// even if this process dies on the next instruction.
const say = (line: string) => process.stdout.write(line + '\n');

// The game clock must go on from where the previous life left it, never back.
function lastTime(): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT max(updated_at) AS t FROM games').get() as { t: number | null };
    return row.t ?? 1_700_000_000_000;
  } catch {
    return 1_700_000_000_000; // no tables yet: killed during the first migration
  } finally {
    db.close();
  }
}
let now = (() => {
  try {
    return lastTime() + 1;
  } catch {
    return 1_700_000_000_000; // no file yet
  }
})();
const clock = () => now;

// Bundled, this file no longer sits beside src/: the parent says where the migrations are.
const migrationsFolder = process.env.CRASH_MIGRATIONS || undefined;
const store = await GameStore.open({ path: file, clock, logger: pino({ level: 'silent' }), migrationsFolder });
say(`ready ${store.recovery.recovered.length} ${store.recovery.broken.length}`);
for (const b of store.recovery.broken) say(`broken ${b.gameId} ${b.reason}`);

const countGames = () => (store.conn.sqlite.prepare('SELECT count(*) AS n FROM games').get() as { n: number }).n;

async function playOne(gameId: number): Promise<void> {
  const state = store.state(gameId)!;
  const roll = next();
  if (roll < 0.15 && state.pending?.deadline !== undefined) {
    now = Math.max(now, state.pending.deadline);
    // This game only: a timeout fired into another game would race with that game's own turn here.
    const r = await store.submit(gameId, { kind: 'timeout' });
    if (!r.ok) throw new Error(`a due timeout was refused: ${r.code} ${r.reason}`);
    say(`ack ${r.gameId} ${r.version}${r.finished ? ' end' : ''}`);
    return;
  }
  if (roll < 0.2) {
    const r = await store.submit(gameId, { kind: 'pass', seat: 99 });
    if (r.ok) throw new Error('an illegal action was accepted');
    return;
  }
  const action = randomAction(state, next);
  if (!action) return;
  const r = await store.submit(gameId, action);
  if (!r.ok) throw new Error(`a legal action was refused: ${r.code} ${r.reason}`);
  say(`ack ${r.gameId} ${r.version}${r.finished ? ' end' : ''}`);
}

for (;;) {
  let active = store.activeGameIds();
  let created = countGames();
  while (active.length < CONCURRENT && startNewGames) {
    const g = store.createGame({
      guildId: 'crash',
      channelId: `channel-${created}`,
      seats: [0, 1, 2, 3, 4].map((i) => ({ userId: i === 2 ? null : `u${i}`, name: `P${i}` })),
      seed: seed * 1000 + created,
      options: { characters: created % 2 === 0 },
      decisionMs: DECISION_MS,
    });
    say(`created ${g.gameId}`);
    active = store.activeGameIds();
    created++;
  }
  if (!active.length) break;
  now += 1000;
  // All games at once: their actions interleave in the store as real traffic would.
  await Promise.all(active.map((id) => playOne(id)));
}
await store.close();
say('done');
