// SIGKILLs a real bot process (outbox-crash-child.ts) while it delivers DMs to the stand-in, which
// lives on in this process; restarts it on the same database each time; and checks at the end that
// every DM the committed actions owed was delivered exactly once (against a replay of the log, not
// against the outbox's own rows) and that each game left exactly one table with buttons.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, type Action, type Setup } from '../../src/engine/index.js';
import { owedDms } from '../../src/discord/outbound/owed.js';
import { MIGRATIONS_FOLDER } from '../../src/store/migrate.js';
import { clockAt, startGame } from '../../src/store/replay.js';
import { startStandIn, TEST_LIMITS, type StandIn } from '../support/discord/index.js';
import { startLife } from '../support/life.js';
import { rng, tempDir } from '../store/helpers.js';

const CHILD_SOURCE = fileURLToPath(new URL('./outbox-crash-child.ts', import.meta.url));
const CHILD = fileURLToPath(new URL('../../node_modules/.cache/fengsheng-test/outbox-crash-child.mjs', import.meta.url));
const KILLS = 12;
const SEED = 20261201;

const dir = tempDir('fengsheng-outbox-crash-');
const file = path.join(dir, 'bot.db');
let discord: StandIn;
let env: { apiBase: string; token: string; guildId: string; channelId: string; userIds: string[] };

beforeAll(async () => {
  await build({ entryPoints: [CHILD_SOURCE], outfile: CHILD, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'error' });
  discord = await startStandIn({ heartbeatIntervalMs: 10_000, limits: TEST_LIMITS });
  const users = ['alice', 'bob', 'carol', 'dave'].map((username) => discord.createUser({ username }));
  const guild = discord.createGuild({ name: '风声', members: users });
  const channel = discord.channel(guild, 'general');
  env = { apiBase: discord.env().DISCORD_API_BASE!, token: discord.token, guildId: guild.id, channelId: channel.id, userIds: users.map((u) => u.id) };
}, 60_000);
afterAll(async () => {
  await discord?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function startChild(seed: number, mode: 'play' | 'finish') {
  return startLife(CHILD, [file, String(seed), mode], { LOG_LEVEL: 'silent', CRASH_MIGRATIONS: MIGRATIONS_FOLDER, OUTBOX_CRASH: JSON.stringify(env) });
}

const owedNow = (): number => {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM outbox WHERE done_at IS NULL AND kind = 'dm'`).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe('the outbox through SIGKILLs', () => {
  it(`delivers every owed DM exactly once through ${KILLS} kills during delivery, and leaves one table per game`, async () => {
    const next = rng(SEED);
    let owedAtKills = 0;
    let killsWithOwed = 0;
    for (let life = 0; life < KILLS; life++) {
      const child = startChild(SEED + life, 'play');
      await child.ready;
      await new Promise((r) => setTimeout(r, 150 + next() * 500));
      // Killed while DMs are owed (up to 3 s more): the test kills during delivery, not between, whatever
      // the sender's pace (a DM is owed from its commit until Discord has it).
      for (const until = Date.now() + 3000; owedNow() === 0 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 2));
      child.kill();
      const { signal } = await child.exit;
      expect(child.lines.filter((l) => l.startsWith('child failed'))).toEqual([]);
      expect(signal).toBe('SIGKILL');
      const owed = owedNow();
      owedAtKills += owed;
      if (owed > 0) killsWithOwed++;
    }
    const last = startChild(SEED + 10_000, 'finish');
    const { code } = await last.exit;
    expect(code, last.lines.slice(-3).join('\n')).toBe(0);
    expect(last.lines.at(-1)).toBe('done');
    // Most kills landed while DMs were owed: the test kills during delivery, not between.
    expect(killsWithOwed).toBeGreaterThanOrEqual(KILLS / 2);

    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const rows = db.prepare(`SELECT kind, target, body, nonce, outcome, done_at AS doneAt FROM outbox ORDER BY id`).all() as {
        kind: string;
        target: string;
        body: string;
        nonce: string;
        outcome: string | null;
        doneAt: number | null;
      }[];
      expect(rows.filter((r) => r.outcome !== 'sent')).toEqual([]);
      const world = discord.world;
      const botDms = [...world.messages.values()].filter((m) => !m.deleted && m.authorId === world.bot.id && world.channels.get(m.channelId)?.kind === 'dm');
      const dmRows = rows.filter((r) => r.kind === 'dm');
      // One message per owed row, and none the outbox does not account for.
      for (const r of dmRows) {
        const made = botDms.filter((m) => m.nonce === r.nonce);
        expect(made, `DM row ${r.nonce}`).toHaveLength(1);
        expect(world.channels.get(made[0]!.channelId)!.recipientId).toBe(r.target);
        expect(made[0]!.content).toBe((JSON.parse(r.body) as { content: string }).content);
      }
      expect(botDms).toHaveLength(dmRows.length);

      // What was owed, from the log alone: replay every game and word each commit's DMs.
      const games = db.prepare(`SELECT id, guild_id AS guildId, channel_id AS channelId, setup, decision_ms AS decisionMs, window_ms AS windowMs, created_at AS createdAt, status, table_message_id AS tableMessageId FROM games`).all() as {
        id: number;
        guildId: string;
        channelId: string;
        setup: string;
        decisionMs: number | null;
        windowMs: number | null;
        createdAt: number;
        status: string;
        tableMessageId: string | null;
      }[];
      const expected = new Map<string, string[]>();
      let actions = 0;
      for (const g of games) {
        expect(g.status).toBe('finished');
        const users = (db.prepare('SELECT user_id AS userId FROM seats WHERE game_id = ? ORDER BY seat').all(g.id) as { userId: string | null }[]).map((s) => s.userId);
        const origin = { setup: JSON.parse(g.setup) as Setup, decisionMs: g.decisionMs, windowMs: g.windowMs, createdAt: g.createdAt };
        let { state, events } = startGame(origin);
        const owe = () => {
          for (const [userId, content] of owedDms(g, users, state, events, () => 'zh-CN')) expected.set(userId, [...(expected.get(userId) ?? []), [...content].slice(0, 2000).join('')]);
        };
        owe();
        for (const a of db.prepare('SELECT action, at FROM actions WHERE game_id = ? ORDER BY version').all(g.id) as { action: string; at: number }[]) {
          const r = apply(state, JSON.parse(a.action) as Action, clockAt(a.at, origin));
          if (!r.ok) throw new Error(`game ${g.id} does not replay`);
          ({ state, events } = r);
          owe();
          actions++;
        }
      }
      for (const userId of env.userIds) {
        const got = botDms.filter((m) => world.channels.get(m.channelId)!.recipientId === userId).map((m) => m.content);
        expect(got.sort(), `DMs of ${userId}`).toEqual((expected.get(userId) ?? []).sort());
      }

      // Each game ends with one table that has buttons (its replay button), the one it saved.
      const tables = [...world.messages.values()].filter(
        (m) => !m.deleted && m.channelId === env.channelId && m.authorId === world.bot.id && m.embeds[0]?.title?.startsWith('风声 ·') && m.components.length > 0,
      );
      expect(tables.map((m) => m.id).sort()).toEqual(games.map((g) => g.tableMessageId).sort());
      console.log(
        `outbox crash test: ${KILLS} kills, ${killsWithOwed} with DMs owed (${owedAtKills} DMs owed at the kills in all); ` +
          `${games.length} games, ${actions} actions, ${dmRows.length} DMs each delivered once`,
      );
    } finally {
      db.close();
    }
  }, 240_000);
});
