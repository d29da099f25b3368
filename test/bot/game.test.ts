// Whole 5-player games, with and without characters, through the real discord.js client and the stand-in:
// a lobby opened by command, joined by button, begun, and played by clicking what each player
// sees, with a scan for leaked secrets along the way.
import { describe, expect, it } from 'vitest';
import { tableMessage, useBotTable } from './harness.js';
import { openLobbyAndBegin } from './lobby.js';
import { isOver, playToEnd } from './play.js';

describe('a whole game with characters through Discord', () => {
  const botTable = useBotTable(5);

  it('each player picks one of two characters privately, then plays by clicking, no secret leaked', async () => {
    const t = botTable();
    await openLobbyAndBegin(t, 5, { characters: true });
    const offers = t.discord.seenBy(t.users[0]).filter((m) => m.where === 'DM').map((m) => m.content).join('\n');
    expect(offers).toMatch(/可选角色|Characters offered/);
    const { leaks } = await playToEnd(t, 4242, { scanEvery: 5 });
    expect(leaks).toEqual([]);
    expect(isOver(tableMessage(t, t.users[0])!)).toBe(true);
    const gameId = Number((await t.bot.store.repos.history.recentGames(t.guild.id, 1))[0]?.id);
    expect((await t.bot.store.seats(gameId)).every((s) => s.character !== null)).toBe(true);
  }, 300_000);
});

describe('a whole game through Discord', () => {
  const botTable = useBotTable(5);

  it('lobby → begin → every player gets identity and hand by DM → played to the end, no secret leaked', async () => {
    const t = botTable();
    await openLobbyAndBegin(t);
    for (const u of t.users) {
      const dms = t.discord.seenBy(u).filter((m) => m.where === 'DM');
      expect(dms.length).toBeGreaterThan(0);
      expect(dms.map((m) => m.content).join('\n')).toMatch(/你的身份是|Your identity is/);
    }
    const { steps, leaks } = await playToEnd(t, 42, { scanEvery: 5 });
    expect(leaks).toEqual([]);
    const table = tableMessage(t, t.users[0])!;
    expect(isOver(table)).toBe(true);
    expect(steps).toBeGreaterThan(20);
    const gameId = Number(table.buttons[0]?.customId?.split(':')[1] ?? NaN);
    const info = await t.bot.store.game(Number.isNaN(gameId) ? 1 : gameId);
    expect(info?.status).toBe('finished');
  }, 300_000);
});
