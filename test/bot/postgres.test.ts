// The bot on PostgreSQL: the same Bot and GameStore, opened with a DATABASE_URL (GameStore.open's
// `url`, as npm start passes it) instead of the SQLite file and nothing else, play a whole game through the stand-in, no secret leaked, across a
// restart of the bot process (a new store on the same database recovers the game and goes on).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameStore } from '../../src/store/store.js';
import { pgDatabase } from '../support/pg-database.js';
import { openBotTable, tableMessage, type BotTable } from './harness.js';
import { openLobbyAndBegin } from './lobby.js';
import { isOver, playToEnd } from './play.js';

describe('the bot on a PostgreSQL store', () => {
  let t: BotTable | undefined;
  beforeAll(async () => {
    const url = await pgDatabase('bot');
    t = await openBotTable(5, {}, { openStore: (o) => GameStore.open({ ...o, url }) });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('plays a whole game by clicking, through a restart, with no secret leaked', async () => {
    const table = t!;
    expect(table.bot.store.backend.kind).toBe('postgres');
    await openLobbyAndBegin(table);
    const first = await playToEnd(table, 77, { maxSteps: 15, scanEvery: 5 });
    expect(first.leaks).toEqual([]);
    await table.restart();
    expect(table.bot.store.recovery.recovered).toHaveLength(1);
    const rest = await playToEnd(table, 78, { scanEvery: 5 });
    expect(rest.leaks).toEqual([]);
    expect(isOver(tableMessage(table, table.users[0])!)).toBe(true);
    const [game] = await table.bot.store.repos.history.recentGames(table.guild.id, 1);
    expect(game?.status).toBe('finished');
  }, 300_000);
});
