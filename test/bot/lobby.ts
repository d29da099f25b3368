import { expect } from 'vitest';
import { tableMessage, type BotTable } from './harness.js';

/** The first user opens a lobby by command, the next ones join by button, the host begins. */
export async function openLobbyAndBegin(t: BotTable, players = t.users.length, options: Record<string, string | number | boolean> = { characters: false }): Promise<void> {
  const [host, ...rest] = t.users.slice(0, players);
  const lobby = await t.discord.runCommand(host, t.general, 'fengsheng start', options).response();
  expect(lobby.embeds[0].title).toContain('大厅');
  for (const u of rest) await t.discord.click(u, { label: '加入', messageId: lobby.id }).response();
  await t.discord.click(host, { label: '开始', messageId: lobby.id }).response();
  await t.bot.idle();
  // The lobby's message has become the table.
  expect(tableMessage(t, host)?.id).toBe(lobby.id);
}

