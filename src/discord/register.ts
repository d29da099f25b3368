import { REST, Routes } from 'discord.js';
import { commandDefinitions, entryPointDefinition } from './commands.js';

/**
 * Bulk-overwrites /fengsheng in one guild (instant) or globally; globally with the Activity
 * (`activity`: ACTIVITY_PORT is set), its entry point too (an entry point is global only, and a
 * global overwrite may not drop the one Discord made when Activities were enabled).
 */
export async function registerCommands(o: { token: string; applicationId: string; guildId: string | null; apiBase: string | null; activity?: boolean }): Promise<number> {
  const rest = new REST(o.apiBase ? { api: o.apiBase } : {}).setToken(o.token);
  const route = o.guildId ? Routes.applicationGuildCommands(o.applicationId, o.guildId) : Routes.applicationCommands(o.applicationId);
  const body = [...commandDefinitions(), ...(o.activity && !o.guildId ? [entryPointDefinition()] : [])];
  await rest.put(route, { body });
  return body.length;
}
