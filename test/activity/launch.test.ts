// The Discord side of the Activity: the table's 打开牌桌 answers with LAUNCH_ACTIVITY (the stand-in
// opens the Activity for the clicker in the table's channel, and refuses the answer for an application
// without Activities), and the entry point command is registered globally beside /fengsheng, as
// Discord requires once Activities are enabled (and refuses where it would).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REST, Routes } from 'discord.js';
import { entryPointDefinition, commandDefinitions } from '../../src/discord/commands.js';
import { registerCommands } from '../../src/discord/register.js';
import { openBotTable, tableMessage, type BotTable } from '../bot/harness.js';
import { openLobbyAndBegin } from '../bot/lobby.js';

describe('打开牌桌 and the entry point', () => {
  let t: BotTable;
  beforeAll(async () => {
    t = await openBotTable(5, { activity: true });
    await openLobbyAndBegin(t, 5);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const rest = () => new REST({ api: t.discord.apiBase }).setToken(t.discord.token);
  const env = () => ({ token: t.discord.token, applicationId: t.discord.applicationId, guildId: null, apiBase: t.discord.apiBase });

  it('Discord refuses to launch an Activity for an application without Activities: nothing opens', async () => {
    const table = tableMessage(t, t.users[1])!;
    expect(table.buttons.map((b) => b.label)).toContain('打开牌桌');
    await t.discord.click(t.users[1], { label: '打开牌桌', messageId: table.id }).settled().catch(() => undefined);
    await t.bot.idle();
    expect(t.discord.launches).toEqual([]);
    // …nor an entry point command.
    await expect(registerCommands({ ...env(), activity: true })).rejects.toMatchObject({ code: 50035 });
  });

  it('with Activities enabled, 打开牌桌 opens the Activity for the clicker in the table channel, and posts nothing', async () => {
    t.discord.enableActivities();
    const before = t.discord.seenBy(t.users[2], { channel: t.general }).length;
    const table = tableMessage(t, t.users[2])!;
    const r = await t.discord.click(t.users[2], { label: '打开牌桌', messageId: table.id }).settled();
    expect(r.state).toBe('acknowledged');
    expect(r.responseType).toBe(12);
    expect(t.discord.launches.map((l) => [l.userId, l.channelId])).toEqual([[t.users[2].id, t.general.id]]);
    // It runs as the channel's instance, the clicker its user (what the Activity's server reads).
    expect(t.discord.activityInstances.map((i) => [i.instanceId, i.channelId, i.users])).toEqual([[t.discord.launches[0].instanceId, t.general.id, [t.users[2].id]]]);
    await t.bot.idle();
    expect(t.discord.seenBy(t.users[2], { channel: t.general }).length).toBe(before);
  });

  it('the entry point is registered globally with /fengsheng, and a global overwrite without it is refused', async () => {
    const made = (await rest().get(Routes.applicationCommands(t.discord.applicationId))) as { id: string; type: number }[];
    const defaultId = made.find((c) => c.type === 4)!.id;
    await registerCommands({ ...env(), activity: true });
    const global = (await rest().get(Routes.applicationCommands(t.discord.applicationId))) as { id: string; type: number; name: string; handler?: number }[];
    const entry = global.filter((c) => c.type === 4);
    expect(entry.map((c) => [c.name, c.handler, c.id])).toEqual([['launch', 2, defaultId]]);
    expect(global.some((c) => c.type === 1 && c.name === 'fengsheng')).toBe(true);
    // Without the Activity's entry point a global overwrite would drop it: Discord refuses (50240).
    await expect(registerCommands({ ...env(), activity: false })).rejects.toMatchObject({ code: 50240 });
    // An entry point is global only, and one at most.
    await expect(rest().put(Routes.applicationGuildCommands(t.discord.applicationId, t.guild.id), { body: [...commandDefinitions(), entryPointDefinition()] })).rejects.toMatchObject({ code: 50035 });
    await expect(rest().put(Routes.applicationCommands(t.discord.applicationId), { body: [entryPointDefinition(), { ...entryPointDefinition(), name: 'launch2' }] })).rejects.toMatchObject({ code: 50035 });
  });
});
