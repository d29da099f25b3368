// The words of /fengsheng shared by the handlers that declare its subcommands: descriptions in both
// languages, the options' Chinese names, the integer ranges Discord checks and the bot checks again.
import { ApplicationCommandOptionType, type APIApplicationCommandBasicOption, type ChatInputCommandInteraction } from 'discord.js';
import { en } from '../i18n/en.js';
import { zhCN, type MessageKey } from '../i18n/zh-CN.js';
import { WINDOW_SECONDS } from '../store/settings.js';

/** The one slash command. */
export const COMMAND_NAME = 'fengsheng';

/** Option names as zh-CN users see them (Discord matches the typed option by either name). */
const OPTION_NAMES_ZH: Record<string, string> = {
  edition: '版本',
  characters: '角色',
  split: '身份分配',
  alliance: '酱油同盟',
  timer: '时限',
  rounds: '回合上限',
  characterset: '角色版本',
  victoryintel: '胜利情报数',
  ai: '难度',
  hints: '提示',
  response: '响应时间',
  language: '语言',
  pings: '提醒方式',
  thread: '子区',
  user: '玩家',
  game: '对局',
};

/** Gives every option of a subcommand its Chinese name. */
export function localizeNames(options: APIApplicationCommandBasicOption[]): APIApplicationCommandBasicOption[] {
  return options.map((o) => (OPTION_NAMES_ZH[o.name] ? { ...o, name_localizations: { 'zh-CN': OPTION_NAMES_ZH[o.name] } } : o));
}

export const desc = (key: MessageKey) => ({ description: en[key].slice(0, 100), description_localizations: { 'zh-CN': zhCN[key].slice(0, 100) } });

export const EDITION_CHOICES = (['standard', 'promo', 'qianzhi'] as const).map((value) => ({
  name: en[`edition.${value}`],
  name_localizations: { 'zh-CN': zhCN[`edition.${value}`] },
  value,
}));

/** The ranges of the integer options, declared to Discord and checked again by the bot (a forged request skips Discord's check). */
export const INTEGER_RANGES = {
  timer: { min: 10, max: 3600 },
  rounds: { min: 1, max: 200 },
  response: { min: WINDOW_SECONDS.min, max: WINDOW_SECONDS.max },
} as const;

export const range = (name: keyof typeof INTEGER_RANGES) => ({ min_value: INTEGER_RANGES[name].min, max_value: INTEGER_RANGES[name].max });

/** The response clock of response windows, in seconds (docs/rules.md §8b). */
export const RESPONSE_OPTION = {
  type: ApplicationCommandOptionType.Integer,
  name: 'response',
  ...desc('cmd.start.response'),
  ...range('response'),
} as const;

export const TIMER_OPTION = { type: ApplicationCommandOptionType.Integer, name: 'timer', ...desc('cmd.start.timer'), ...range('timer') } as const;
export const ROUNDS_OPTION = { type: ApplicationCommandOptionType.Integer, name: 'rounds', ...desc('cmd.start.rounds'), ...range('rounds') } as const;

/** The first integer option outside the range its command declares, or null. */
export function outOfRange(i: ChatInputCommandInteraction): string | null {
  for (const [name, r] of Object.entries(INTEGER_RANGES)) {
    const v = i.options.getInteger(name);
    if (v !== null && (!Number.isInteger(v) || v < r.min || v > r.max)) return name;
  }
  return null;
}
