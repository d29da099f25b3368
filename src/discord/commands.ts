// The one slash command, /fengsheng (风声), localized: its subcommands are the handlers' (each
// declares its own, handlers/*.ts), each at the place in the menu it declares.
import { ApplicationCommandOptionType, type APIApplicationCommandSubcommandOption, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
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
