import { REST, Routes } from 'discord.js';
import { commandDefinitions } from './commands.js';

/** Bulk-overwrites /fengsheng in one guild (instant) or globally. */
export async function registerCommands(o: { token: string; applicationId: string; guildId: string | null; apiBase: string | null }): Promise<number> {
  const rest = new REST(o.apiBase ? { api: o.apiBase } : {}).setToken(o.token);
  const route = o.guildId ? Routes.applicationGuildCommands(o.applicationId, o.guildId) : Routes.applicationCommands(o.applicationId);
  const body = commandDefinitions();
  await rest.put(route, { body });
  return body.length;
}
