// A channel's lobby changes one at a time (handlers/lobby.ts, ctx.lobbyTurns): each reads the lobby
// as the change before it left it. Four players clicking 加入 at the same instant are all seated
// (read-modify-write at once kept only one or two of them), and 开始 clicked once they were
// acknowledged begins with everyone.
import { afterEach, describe, expect, it } from 'vitest';
import { GameStore } from '../../src/store/index.js';
import { pgDatabase } from '../support/pg-database.js';
import { openBotTable, tableMessage, type BotTable } from './harness.js';

let t: BotTable | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('a lobby clicked by several people at once', () => {
  // On PostgreSQL each read and write waits on the network, so changes interleave as they do in production.
  it.each(['SQLite', 'PostgreSQL'])('on %s: seats every 加入 of the same instant, and 开始 right after their acknowledgements begins with all five', async (store) => {
    const url = store === 'PostgreSQL' ? await pgDatabase('lobby') : null;
    t = await openBotTable(5, {}, url ? { openStore: (o) => GameStore.open({ ...o, url }) } : {});
    const [host, ...rest] = t.users;
    const lobby = await t.discord.runCommand(host, t.general, 'fengsheng start', { characters: false }).response();
    // Four 加入 at once; 开始 as soon as each was acknowledged (not once the bot is idle).
    await Promise.all(rest.map((u) => t!.discord.click(u, { label: '加入', messageId: lobby.id }).response()));
    await t.discord.click(host, { label: '开始', messageId: lobby.id }).response();
    await t.bot.idle();
    const gameId = await t.bot.store.activeGameIn(t.guild.id, t.general.id);
    expect(gameId).not.toBeNull();
    const state = await t.bot.store.state(gameId!);
    expect(state?.players).toHaveLength(5);
    expect(tableMessage(t, host)?.id).toBe(lobby.id);
  });
});
