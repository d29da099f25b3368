import { DiscordAPIError } from 'discord.js';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { StandInUsageError } from '../support/discord/index.js';
import { openTable, type Table } from './fixture.js';

let t: Table;
beforeEach(async () => {
  t = await openTable();
});
afterEach(async () => {
  await t.close();
});

describe('command registration', () => {
  test('bulk overwrite of global commands keeps ids of surviving commands and drops the rest', async () => {
    const first = await t.client.application.commands.set([
      { name: 'newgame', description: 'Start a game' },
      { name: 'rules', description: 'Show the rules' },
    ]);
    const newgameId = first.find((c) => c.name === 'newgame')!.id;
    const second = await t.client.application.commands.set([
      { name: 'newgame', description: 'Start a game of 风声' },
      { name: 'join', description: 'Join a game' },
    ]);
    expect(second.find((c) => c.name === 'newgame')!.id).toBe(newgameId);
    expect(t.discord.commands().map((c) => c.name).sort()).toEqual(['join', 'newgame']);
    expect(t.discord.commands().find((c) => c.name === 'newgame')?.description).toBe('Start a game of 风声');
  });

  test('guild commands are registered per guild and only run there', async () => {
    await t.client.guilds.cache.get(t.guild.id)!.commands.set([{ name: 'dev', description: 'Dev only' }]);
    expect(t.discord.commands(t.guild).map((c) => c.name)).toEqual(['dev']);
    expect(t.discord.commands()).toEqual([]);
    const other = t.discord.createGuild({ name: 'Other', members: [t.alice] });
    expect(() => t.discord.runCommand(t.alice, t.discord.channel(other, 'general'), 'dev')).toThrow(StandInUsageError);
    t.onInteraction(async (i) => {
      if (i.isChatInputCommand()) await i.reply('dev ok');
    });
    const seen = await t.discord.runCommand(t.alice, t.general, 'dev').response();
    expect(seen.content).toBe('dev ok');
  });

  test('invalid commands are refused with 50035 and Discord-shaped errors', async () => {
    const error = await t.client.application.commands
      .set([{ name: 'Bad Name', description: 'x' }])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect((error as DiscordAPIError).code).toBe(50035);
    expect((error as DiscordAPIError).message).toContain('0.name[APPLICATION_COMMAND_INVALID_NAME]');
    const long = await t.client.application.commands
      .set([{ name: 'ok', description: 'd'.repeat(101) }])
      .catch((e: unknown) => e);
    expect((long as DiscordAPIError).code).toBe(50035);
  });

  test('a user can only run commands that are registered', () => {
    expect(() => t.discord.runCommand(t.alice, t.general, 'nothing')).toThrow(/No command/);
  });
});
