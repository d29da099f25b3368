// The PostgreSQL repositories beside the commit: outbox, table prefs, settings, statistics, history,
// lobbies, shards. Each against the real server, with the results SQLite's repositories give.
import { afterEach, describe, expect, it } from 'vitest';
import { shardOf } from '../../../src/store/shard.js';
import { decodeSnapshot } from '../../../src/store/snapshot.js';
import { applyAndCommitAsync } from '../../../src/store/commit-async.js';
import { pgGamesRepo } from '../../../src/store/pg/games-repo.js';
import { pgLastEndedIn, pgLeaderboard, pgRecentGames, pgRecord } from '../../../src/store/pg/history.js';
import { pgLobbies } from '../../../src/store/pg/lobbies.js';
import { pgOutboxRepo } from '../../../src/store/pg/outbox.js';
import { pgReadGuildSettings, pgWriteGuildSettings } from '../../../src/store/pg/settings.js';
import { pgTablePrefs } from '../../../src/store/pg/table-prefs.js';
import { PLAYERS5, randomAction, rng } from '../helpers.js';
import { closeAllPg, commitContext, createPgGame, openPg } from './helpers.js';

afterEach(closeAllPg);
const T0 = 1_700_000_000_000;

async function playToEnd(conn: Awaited<ReturnType<typeof openPg>>, gameId: number, seed: number, now: number) {
  const ctx = commitContext(conn);
  const next = rng(seed);
  const repo = pgGamesRepo(conn.db);
  let current = decodeSnapshot((await repo.snapshot(gameId))!, (await repo.head(gameId))!.setup!);
  for (;;) {
    const a = randomAction(current, next);
    if (!a) return current;
    const r = await applyAndCommitAsync(ctx, gameId, a, ++now);
    if (!r.ok) throw new Error(r.reason);
    current = r.state;
  }
}

describe('PostgreSQL repositories', () => {
  it('outbox: owed in order, sent and failed settle, retry moves, prune forgets old delivered rows', async () => {
    const conn = await openPg();
    const g = await createPgGame(conn, { seats: PLAYERS5, now: T0 });
    const ob = pgOutboxRepo(conn.db);
    await ob.add(
      [
        { gameId: g.gameId, kind: 'post', target: 'c', body: { content: '表' }, purpose: 'table' },
        { gameId: g.gameId, kind: 'dm', target: '1001', body: { content: 'hi', embeds: [{ title: 'x' }] } },
        { gameId: g.gameId, kind: 'edit', target: 'c', messageId: 'm1', body: { content: 'e' } },
      ],
      T0,
    );
    const owed = await ob.owed(g.gameId);
    expect(owed.map((o) => [o.kind, o.target, o.messageId, o.purpose, o.attempts, o.nextAt])).toEqual([
      ['post', 'c', null, 'table', 0, T0],
      ['dm', '1001', null, null, 0, T0],
      ['edit', 'c', 'm1', null, 0, T0],
    ]);
    expect(owed[1].body).toEqual({ content: 'hi', embeds: [{ title: 'x' }] });
    expect(new Set(owed.map((o) => o.nonce)).size).toBe(3);
    expect(await ob.owedGames()).toEqual([g.gameId]);
    expect(await ob.hasOwed(g.gameId, 'table')).toBe(true);
    await ob.sent(owed[0].id, 'msg-1', T0 + 1);
    await ob.failed(owed[1].id, T0 + 2);
    await ob.retryAt(owed[2].id, 3, T0 + 5000);
    expect(await ob.hasOwed(g.gameId, 'table')).toBe(false);
    const left = await ob.owed(g.gameId);
    expect(left.map((o) => [o.id, o.attempts, o.nextAt])).toEqual([[owed[2].id, 3, T0 + 5000]]);
    const rows = (await conn.pool.query('SELECT id, message_id, outcome, attempts, done_at FROM outbox ORDER BY id')).rows;
    expect(rows.slice(0, 2)).toEqual([
      { id: owed[0].id, message_id: 'msg-1', outcome: 'sent', attempts: 1, done_at: T0 + 1 },
      { id: owed[1].id, message_id: null, outcome: 'failed', attempts: 1, done_at: T0 + 2 },
    ]);
    expect(await ob.prune(T0 + 2)).toBe(1);
    expect(await ob.prune(T0 + 3)).toBe(1);
    expect(await ob.owedGames()).toEqual([g.gameId]);
    // A finished game whose last table is not known to be up (a kill just after its last action).
    expect(await ob.finishedTableOwed()).toEqual([]);
    await pgGamesRepo(conn.db).setStatus(g.gameId, 'finished', T0 + 9);
    expect(await ob.finishedTableOwed()).toEqual([g.gameId]);
    await pgGamesRepo(conn.db).setTableFinal(g.gameId, T0 + 10);
    expect(await ob.finishedTableOwed()).toEqual([]);
  });

  it('table prefs: ping, quiet turns, autopilot, told once, respond and locale', async () => {
    const conn = await openPg();
    const g = await createPgGame(conn, { seats: PLAYERS5, now: T0 });
    const p = pgTablePrefs(conn.db);
    expect(await p.ping(g.gameId)).toEqual({ messageId: null, key: null });
    await p.setPing(g.gameId, { messageId: 'm', key: '3:turn' });
    expect(await p.ping(g.gameId)).toEqual({ messageId: 'm', key: '3:turn' });
    expect(await p.ping(424242)).toEqual({ messageId: null, key: null });
    await p.setQuiet(g.gameId, 3, '1:2');
    expect(await p.quietTurns(g.gameId)).toEqual([null, null, null, '1:2', null]);
    await p.setAutopilot(g.gameId, 4, true);
    await p.setAutopilot(g.gameId, 1, true);
    expect(await p.autopilotSeats(g.gameId)).toEqual([1, 4]);
    await p.setAutopilot(g.gameId, 4, false);
    expect(await p.autopilotSeats(g.gameId)).toEqual([1]);
    const panel = { applicationId: 'app', token: 'tok', message: '@original', since: T0, locale: 'zh-CN' };
    await p.setPanel(g.gameId, 2, panel);
    expect(await p.panels(g.gameId)).toEqual([null, null, panel, null, null]);
    await p.setPanel(g.gameId, 2, null);
    expect(await p.panels(g.gameId)).toEqual([null, null, null, null, null]);
    expect(await p.markToldDmsClosed(g.gameId, '1002')).toBe(true);
    expect(await p.markToldDmsClosed(g.gameId, '1002')).toBe(false);
    expect(await p.markToldDmsClosed(g.gameId, 'stranger')).toBe(false);
    expect(await p.respond('u')).toBe('all');
    expect(await p.locale('u')).toBeNull();
    await p.setRespond('u', 'concerned', T0);
    await p.setLocale('u', 'en-US', T0 + 1);
    expect([await p.respond('u'), await p.locale('u')]).toEqual(['concerned', 'en-US']);
    await p.setRespond('u', 'all', T0 + 2);
    expect([await p.respond('u'), await p.locale('u')]).toEqual(['all', 'en-US']);
  });

  it('guild settings: defaults without a row, a patch keeps the rest, lobby options round-trip as JSON text', async () => {
    const conn = await openPg();
    expect(await pgReadGuildSettings(conn.db, 'g')).toEqual({ guildId: 'g', language: null, lobbyOptions: {}, decisionMs: 60_000, lobbyMs: 600_000, windowMs: 8_000, pings: 'channel' });
    expect((await conn.pool.query('SELECT count(*)::int AS n FROM guild_settings')).rows[0].n).toBe(0);
    await pgWriteGuildSettings(conn.db, 'g', { language: 'en', lobbyOptions: { edition: 'qianzhi', aiSeats: 2 } }, T0);
    const s = await pgWriteGuildSettings(conn.db, 'g', { decisionMs: null, pings: 'dm' }, T0 + 1);
    expect(s).toEqual({ guildId: 'g', language: 'en', lobbyOptions: { edition: 'qianzhi', aiSeats: 2 }, decisionMs: null, lobbyMs: 600_000, windowMs: 8_000, pings: 'dm' });
    expect(await pgReadGuildSettings(conn.db, 'g')).toEqual(s);
    expect((await conn.pool.query('SELECT lobby_options, updated_at FROM guild_settings')).rows).toEqual([{ lobby_options: '{"edition":"qianzhi","aiSeats":2}', updated_at: T0 + 1 }]);
  });

  it('history: the leaderboard and recent games over finished games, the channel’s last ended game', async () => {
    const conn = await openPg();
    const a = await createPgGame(conn, { channelId: 'c1', seats: PLAYERS5, seed: 21, now: T0 });
    await playToEnd(conn, a.gameId, 21, T0);
    const b = await createPgGame(conn, { channelId: 'c1', seats: PLAYERS5, seed: 22, now: T0 + 10_000 });
    await playToEnd(conn, b.gameId, 22, T0 + 10_000);
    const c = await createPgGame(conn, { channelId: 'c2', seats: PLAYERS5, seed: 23, now: T0 + 20_000 });
    await pgGamesRepo(conn.db).setStatus(c.gameId, 'aborted', T0 + 30_000, 'moderator');
    await createPgGame(conn, { channelId: 'c3', seats: PLAYERS5, seed: 24, now: T0 + 40_000 });

    const seats = [...(await pgGamesRepo(conn.db).seats(a.gameId)), ...(await pgGamesRepo(conn.db).seats(b.gameId))].filter((s) => s.userId);
    const expected = new Map<string, { games: number; wins: number }>();
    for (const s of seats) {
      const e = expected.get(s.userId!) ?? { games: 0, wins: 0 };
      e.games++;
      if (s.result === 'win') e.wins++;
      expected.set(s.userId!, e);
    }
    const board = await pgLeaderboard(conn.db, 'g', 10);
    const order = [...expected].map(([userId, e]) => ({ userId, ...e })).sort((x, y) => y.wins - x.wins || x.games - y.games || (x.userId < y.userId ? -1 : 1));
    expect(board).toEqual(order);
    expect(await pgLeaderboard(conn.db, 'other', 10)).toEqual([]);
    // A player's record in the server: its games and wins as the board counts them, deaths from the seats.
    for (const [userId, e] of expected) {
      const mine = seats.filter((s) => s.userId === userId);
      const r = await pgRecord(conn.db, 'g', userId);
      expect(r).toMatchObject({ games: e.games, wins: e.wins, deaths: mine.filter((s) => s.died).length });
      expect(r.winsLurker + r.winsMilitary + r.winsSoy).toBe(e.wins);
    }
    expect((await pgRecord(conn.db, 'other', seats[0].userId!)).games).toBe(0);

    const recent = await pgRecentGames(conn.db, 'g', 10);
    expect(recent.map((r) => [r.id, r.status, r.players])).toEqual([
      [c.gameId, 'aborted', 5],
      [b.gameId, 'finished', 5],
      [a.gameId, 'finished', 5],
    ]);
    expect(recent[0].winners).toEqual([]);
    expect(recent[0].names).toEqual(PLAYERS5.map((p) => p.name));
    expect(await pgLastEndedIn(conn.db, 'g', 'c1')).toBe(b.gameId);
    expect(await pgLastEndedIn(conn.db, 'g', 'c3')).toBeNull();
  });

  it('lobbies: one open lobby per channel, even when two are opened at once; none where a game plays', async () => {
    const conn = await openPg();
    const lobbies = pgLobbies(conn.db, () => T0);
    const l = { guildId: 'g', channelId: 'c', hostId: 'h', options: { edition: 'standard' }, seats: [{ userId: 'h', name: 'H' }], messageId: null, gameId: null };
    const made = await Promise.all(Array.from({ length: 6 }, () => lobbies.create(l as never)));
    const opened = made.filter((x) => x !== null);
    expect(opened.length).toBe(1);
    const lobby = opened[0]!;
    expect(await lobbies.get(lobby.id)).toEqual(lobby);
    expect(await lobbies.inChannel('g', 'c')).toEqual(lobby);
    expect(await lobbies.hostedBy('g', 'h')).toEqual(lobby);
    const g = await createPgGame(conn, { channelId: 'c', seats: PLAYERS5, now: T0 });
    await lobbies.save({ ...lobby, gameId: g.gameId, messageId: 'm' });
    expect(await lobbies.inChannel('g', 'c')).toBeNull();
    expect(await lobbies.ofGame(g.gameId)).toMatchObject({ id: lobby.id, messageId: 'm', gameId: g.gameId });
    expect(await lobbies.create(l as never)).toBeNull(); // the game plays in that channel
    const other = await lobbies.create({ ...l, channelId: 'c9' } as never);
    expect(other).not.toBeNull();
    await lobbies.remove(other!.id);
    expect(await lobbies.get(other!.id)).toBeNull();
  });

  it('a shard sees only its guilds’ games for timers and delivery, every game for reads', async () => {
    const conn = await openPg();
    // Snowflakes whose (id >> 22) is 1000 + i: shards 0, 1, 0, 1 of two.
    const guilds = [0, 1, 2, 3].map((i) => (BigInt(1000 + i) << 22n | 12345n).toString());
    const ids: number[] = [];
    for (const [i, guildId] of guilds.entries()) ids.push((await createPgGame(conn, { guildId, channelId: `c${i}`, seats: PLAYERS5, seed: i, now: T0 })).gameId);
    for (const id of ids) await pgOutboxRepo(conn.db).add([{ gameId: id, kind: 'post', target: 'c', body: {} }], T0);
    for (let shard = 0; shard < 2; shard++) {
      const mine = ids.filter((_, i) => shardOf(guilds[i], 2) === shard);
      const repo = pgGamesRepo(conn.db, { id: shard, count: 2 });
      expect(await repo.activeIds()).toEqual(mine);
      expect(await repo.due(T0 + 10 ** 9)).toEqual(mine);
      expect(await pgOutboxRepo(conn.db, { id: shard, count: 2 }).owedGames()).toEqual(mine);
      expect((await repo.info(ids[0]))?.id).toBe(ids[0]);
    }
    expect(new Set(guilds.map((g) => shardOf(g, 2))).size).toBe(2);
    expect(await pgGamesRepo(conn.db).activeIds()).toEqual(ids);
  });
});
