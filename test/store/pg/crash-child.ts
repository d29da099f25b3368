// The PostgreSQL crash test's child: plays games on the database at URL and prints every commit the
// moment it is told of it; the parent SIGKILLs it at random moments and checks that every printed
// commit survived, once. Run as: node crash-child.mjs URL SEED play|finish
import pino from 'pino';
import { PgBackend } from '../../../src/store/pg/backend.js';
import { applyAndCommitAsync, type AsyncCommitContext } from '../../../src/store/commit-async.js';
import { recoverGames } from '../../../src/store/recovery.js';
import { startGame } from '../../../src/store/replay.js';
import { encodeSnapshot } from '../../../src/store/snapshot.js';
import { randomAction, rng } from '../helpers.js';

const [url, seedArg, mode] = process.argv.slice(2);
const seed = Number(seedArg);
const CONCURRENT = 6;
const DECISION_MS = 30_000;
const next = rng(seed);
const log = pino({ level: 'silent' });
// stdout to a pipe is synchronous on Linux: once write returns, the line is the parent's to read.
const say = (line: string) => process.stdout.write(line + '\n');

const backend = await PgBackend.open(url, { logger: log, migrationsFolder: process.env.CRASH_PG_MIGRATIONS || undefined });
// The game clock goes on from where the previous life left it, never back.
let now = Number((await backend.conn.pool.query('SELECT coalesce(max(updated_at), 1700000000000) AS t FROM games')).rows[0].t) + 1;
const { report, live } = await recoverGames(backend, log, now);
say(`ready ${report.recovered.length} ${report.broken.length}`);
for (const b of report.broken) say(`broken ${b.gameId} ${b.reason}`);
const ctx: AsyncCommitContext = { backend, live, log, onBroken: () => {} };

async function playOne(gameId: number): Promise<void> {
  const state = ctx.live.get(gameId)!.state;
  const roll = next();
  if (roll < 0.15 && state.pending?.deadline !== undefined) {
    now = Math.max(now, state.pending.deadline);
    const r = await applyAndCommitAsync(ctx, gameId, { kind: 'timeout' }, now);
    if (!r.ok) throw new Error(`a due timeout was refused: ${r.code} ${r.reason}`);
    say(`ack ${r.gameId} ${r.version}${r.finished ? ' end' : ''}`);
    return;
  }
  if (roll < 0.2) {
    if ((await applyAndCommitAsync(ctx, gameId, { kind: 'pass', seat: 99 }, now)).ok) throw new Error('an illegal action was accepted');
    return;
  }
  const action = randomAction(state, next);
  if (!action) return;
  const r = await applyAndCommitAsync(ctx, gameId, action, now);
  if (!r.ok) throw new Error(`a legal action was refused: ${r.code} ${r.reason}`);
  say(`ack ${r.gameId} ${r.version}${r.finished ? ' end' : ''}`);
}

for (;;) {
  let active = await backend.repos.games.activeIds();
  let created = Number((await backend.conn.pool.query('SELECT count(*) AS n FROM games')).rows[0].n);
  while (active.length < CONCURRENT && mode === 'play') {
    const seats = [0, 1, 2, 3, 4].map((i) => ({ userId: i === 2 ? null : `u${i}`, name: `P${i}` }));
    const setup = { seed: seed * 1000 + created, players: seats.map((s) => s.name), options: { characters: created % 2 === 0 } };
    const { state } = startGame({ setup, decisionMs: DECISION_MS, windowMs: 8_000, createdAt: now });
    const gameId = await backend.transaction((tx) =>
      tx.games.insertGame({ guildId: 'crash', channelId: `channel-${created}`, setup, options: state.options, decisionMs: DECISION_MS, windowMs: 8_000, snapshot: encodeSnapshot(state), deadline: state.pending?.deadline ?? null, createdAt: now, seats }),
    );
    const head = (await backend.repos.games.head(gameId))!;
    ctx.live.set(gameId, { head, state });
    say(`created ${gameId}`);
    active = await backend.repos.games.activeIds();
    created++;
  }
  if (!active.length) break;
  now += 1000;
  await Promise.all(active.map((id) => playOne(id)));
}
await backend.close();
say('done');
