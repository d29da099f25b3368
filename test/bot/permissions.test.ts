// Admin-only commands against Discord's own permission model: the server's owner, roles with
// Manage Server or Administrator, and `member.permissions` in each interaction.
import { describe, expect, it } from 'vitest';
import { Permission } from '../support/discord/index.js';
import { useBotTable } from './harness.js';

const DENIED = /permission|权限/;
const SAVED = /Saved|已保存/;

describe('Manage Server, as Discord computes it', () => {
  const botTable = useBotTable(4);

  it('the owner and members whose role has Manage Server or Administrator change settings; nobody else, nor after the role is taken', async () => {
    const t = botTable();
    const [owner, mod, player, admin] = t.users;
    expect(t.guild.ownerId).toBe(owner.id);
    const timer = async () => (await t.bot.store.guildSettings(t.guild.id)).decisionMs;
    const set = async (who: typeof owner, seconds: number) =>
      (await t.discord.runCommand(who, t.general, 'fengsheng settings', { timer: seconds }).response()).content;

    expect(await set(player, 45)).toMatch(DENIED);
    expect(await set(owner, 45)).toMatch(SAVED);
    expect(await timer()).toBe(45_000);

    const mods = t.discord.createRole(t.guild, { name: 'Mods', permissions: Permission.ManageGuild });
    const helpers = t.discord.createRole(t.guild, { name: 'Helpers', permissions: Permission.ManageMessages | Permission.ManageChannels });
    expect(await set(mod, 50)).toMatch(DENIED);
    t.discord.giveRole(t.guild, mod, mods);
    expect(await set(mod, 50)).toMatch(SAVED);
    expect(await timer()).toBe(50_000);

    // Other moderation permissions are not Manage Server.
    t.discord.giveRole(t.guild, player, helpers);
    expect(await set(player, 55)).toMatch(DENIED);
    expect(await timer()).toBe(50_000);

    const admins = t.discord.createRole(t.guild, { name: 'Admins', permissions: Permission.Administrator });
    t.discord.giveRole(t.guild, admin, admins);
    expect(await set(admin, 40)).toMatch(SAVED);
    expect(await timer()).toBe(40_000);

    t.discord.takeRole(t.guild, mod, mods);
    expect(await set(mod, 90)).toMatch(DENIED);
    expect(await timer()).toBe(40_000);
    // Only showing the settings needs no permission.
    expect(await t.discord.runCommand(player, t.general, 'fengsheng settings').response()).toMatchObject({ content: expect.stringMatching(/40/) });
  }, 120_000);

  it('a lobby is aborted by its host or by someone with Manage Server, not by another player', async () => {
    const t = botTable();
    const [owner, mod, player, host] = t.users;
    const DENIED_ABORT = /Only the host|只有房主/;
    const lobbyOpen = async () => (await t.bot.lobbies.inChannel(t.guild.id, t.general.id)) !== null;
    const abort = async (who: typeof owner) => (await t.discord.runCommand(who, t.general, 'fengsheng abort').response()).content;

    await t.discord.runCommand(host, t.general, 'fengsheng start').response();
    expect(await lobbyOpen()).toBe(true);
    expect(await abort(player)).toMatch(DENIED_ABORT);
    expect(await abort(mod)).toMatch(DENIED_ABORT);
    expect(await lobbyOpen()).toBe(true);
    // The owner holds every permission without any role.
    expect(await abort(owner)).not.toMatch(DENIED_ABORT);
    expect(await lobbyOpen()).toBe(false);

    await t.discord.runCommand(host, t.general, 'fengsheng start').response();
    t.discord.giveRole(t.guild, mod, 'Mods');
    expect(await abort(mod)).not.toMatch(DENIED_ABORT);
    expect(await lobbyOpen()).toBe(false);
  }, 60_000);
});
