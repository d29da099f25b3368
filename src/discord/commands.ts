// The one slash command, /fengsheng (风声), localized: its subcommands are the handlers' (each
// declares its own, handlers/*.ts), each at the place in the menu it declares.
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  EntryPointCommandHandlerType,
  type APIApplicationCommandSubcommandOption,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  type RESTPostAPIPrimaryEntryPointApplicationCommandJSONBody,
} from 'discord.js';
import { COMMAND_NAME, desc, localizeNames } from './command-options.js';
import type { Subcommand } from './context.js';
import { HANDLERS } from './handlers/index.js';

function definition(s: Subcommand): APIApplicationCommandSubcommandOption {
  return {
    type: ApplicationCommandOptionType.Subcommand,
    name: s.name,
    name_localizations: { 'zh-CN': s.zh },
    ...desc(s.desc),
    options: localizeNames(s.options ?? []),
  };
}

/**
 * The Activity's entry point (PRIMARY_ENTRY_POINT, global only): Discord lists it in the App Launcher
 * and launches the Activity itself (handler DISCORD_LAUNCH_ACTIVITY), nothing for the bot to answer.
 * Its name is the one Discord gives the default entry point it makes when Activities are enabled.
 */
export function entryPointDefinition(): RESTPostAPIPrimaryEntryPointApplicationCommandJSONBody {
  return {
    type: ApplicationCommandType.PrimaryEntryPoint,
    name: 'launch',
    name_localizations: { 'zh-CN': '打开牌桌' },
    ...desc('cmd.launch.desc'),
    handler: EntryPointCommandHandlerType.DiscordLaunchActivity,
  };
}

export function commandDefinitions(): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return [
    {
      name: COMMAND_NAME,
      name_localizations: { 'zh-CN': '风声' },
      ...desc('cmd.desc'),
      dm_permission: false,
      options: HANDLERS.flatMap((h) => h.subcommands)
        .sort((a, b) => a.at - b.at)
        .map(definition),
    },
  ];
}
