// The one slash command, /fengsheng (风声), with its subcommands, localized.
import {
  ApplicationCommandOptionType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  type APIApplicationCommandSubcommandOption,
  type APIApplicationCommandBasicOption,
} from 'discord.js';
import { en } from '../i18n/en.js';
import { zhCN, type MessageKey } from '../i18n/zh-CN.js';
import { WINDOW_SECONDS } from '../store/settings.js';
import { AI_LEVELS } from './lobby-model.js';

/** Subcommand names: Discord shows zh-CN users the Chinese name. */
const SUB_NAMES_ZH: Record<string, string> = {
  start: '开局',
  join: '加入',
  leave: '离开',
  begin: '开始',
  hand: '我的信息',
  table: '牌桌',
  log: '日志',
  rules: '规则',
  abort: '中止',
  settings: '设置',
  stats: '战绩',
  history: '历史',
  replay: '回放',
};

/** Option names as zh-CN users see them (Discord matches the typed option by either name). */
const OPTION_NAMES_ZH: Record<string, string> = {
  edition: '版本',
  characters: '角色',
  split: '身份分配',
  alliance: '酱油同盟',
  timer: '时限',
  rounds: '回合上限',
  ai: '难度',
  response: '响应时间',
  language: '语言',
  pings: '提醒方式',
  thread: '子区',
  user: '玩家',
  game: '对局',
};

/** Gives every option of a subcommand its Chinese name. */
function localizeNames(options: APIApplicationCommandBasicOption[]): APIApplicationCommandBasicOption[] {
  return options.map((o) => (OPTION_NAMES_ZH[o.name] ? { ...o, name_localizations: { 'zh-CN': OPTION_NAMES_ZH[o.name] } } : o));
}

const desc = (key: MessageKey) => ({ description: en[key].slice(0, 100), description_localizations: { 'zh-CN': zhCN[key].slice(0, 100) } });

function sub(name: string, key: MessageKey, options: APIApplicationCommandBasicOption[] = []): APIApplicationCommandSubcommandOption {
  return {
    type: ApplicationCommandOptionType.Subcommand,
    name,
    name_localizations: { 'zh-CN': SUB_NAMES_ZH[name] },
    ...desc(key),
    options: localizeNames(options),
  };
}

export const COMMAND_NAME = 'fengsheng';

const EDITION_CHOICES = (['standard', 'promo', 'qianzhi'] as const).map((value) => ({
  name: en[`edition.${value}`],
  name_localizations: { 'zh-CN': zhCN[`edition.${value}`] },
  value,
}));

const AI_CHOICES = AI_LEVELS.map((value) => ({
  name: en[`ai.level.${value}`],
  name_localizations: { 'zh-CN': zhCN[`ai.level.${value}`] },
  value,
}));

/** The ranges of the integer options, declared to Discord and checked again by the bot (a forged request skips Discord's check). */
export const INTEGER_RANGES = {
  timer: { min: 10, max: 3600 },
  rounds: { min: 1, max: 200 },
  response: { min: WINDOW_SECONDS.min, max: WINDOW_SECONDS.max },
} as const;

const range = (name: keyof typeof INTEGER_RANGES) => ({ min_value: INTEGER_RANGES[name].min, max_value: INTEGER_RANGES[name].max });

/** The response clock of response windows, in seconds (docs/rules.md §8b). */
const RESPONSE_OPTION = {
  type: ApplicationCommandOptionType.Integer,
  name: 'response',
  ...desc('cmd.start.response'),
  ...range('response'),
} as const;

export function commandDefinitions(): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return [
    {
      name: COMMAND_NAME,
      name_localizations: { 'zh-CN': '风声' },
      ...desc('cmd.desc'),
      dm_permission: false,
      options: [
        sub('start', 'cmd.start.desc', [
          {
            type: ApplicationCommandOptionType.String,
            name: 'edition',
            ...desc('cmd.start.edition'),
            choices: EDITION_CHOICES,
          },
          { type: ApplicationCommandOptionType.Boolean, name: 'characters', ...desc('cmd.start.characters') },
          { type: ApplicationCommandOptionType.Boolean, name: 'split', ...desc('cmd.start.split') },
          { type: ApplicationCommandOptionType.Boolean, name: 'alliance', ...desc('cmd.start.alliance') },
          { type: ApplicationCommandOptionType.Integer, name: 'timer', ...desc('cmd.start.timer'), ...range('timer') },
          { type: ApplicationCommandOptionType.Integer, name: 'rounds', ...desc('cmd.start.rounds'), ...range('rounds') },
          RESPONSE_OPTION,
          { type: ApplicationCommandOptionType.String, name: 'ai', ...desc('cmd.start.ai'), choices: AI_CHOICES },
          { type: ApplicationCommandOptionType.Boolean, name: 'thread', ...desc('cmd.start.thread') },
          {
            type: ApplicationCommandOptionType.String,
            name: 'language',
            ...desc('cmd.start.language'),
            choices: [
              { name: '简体中文', value: 'zh-CN' },
              { name: 'English', value: 'en' },
            ],
          },
        ]),
        sub('join', 'cmd.join.desc'),
        sub('leave', 'cmd.leave.desc'),
        sub('begin', 'cmd.begin.desc'),
        sub('hand', 'cmd.hand.desc'),
        sub('table', 'cmd.table.desc'),
        sub('log', 'cmd.log.desc'),
        sub('rules', 'cmd.rules.desc'),
        sub('abort', 'cmd.abort.desc'),
        sub('settings', 'cmd.settings.desc', [
          {
            type: ApplicationCommandOptionType.String,
            name: 'language',
            ...desc('cmd.settings.language'),
            choices: [
              { name: '简体中文', value: 'zh-CN' },
              { name: 'English', value: 'en' },
              { name: en['language.auto'], name_localizations: { 'zh-CN': zhCN['language.auto'] }, value: 'auto' },
            ],
          },
          { type: ApplicationCommandOptionType.Integer, name: 'timer', ...desc('cmd.start.timer'), ...range('timer') },
          { type: ApplicationCommandOptionType.Integer, name: 'rounds', ...desc('cmd.start.rounds'), ...range('rounds') },
          {
            type: ApplicationCommandOptionType.String,
            name: 'edition',
            ...desc('cmd.start.edition'),
            choices: EDITION_CHOICES,
          },
          RESPONSE_OPTION,
          {
            type: ApplicationCommandOptionType.String,
            name: 'pings',
            ...desc('cmd.settings.pings'),
            choices: (['channel', 'dm'] as const).map((value) => ({ name: en[`pings.${value}`], name_localizations: { 'zh-CN': zhCN[`pings.${value}`] }, value })),
          },
          { type: ApplicationCommandOptionType.Boolean, name: 'thread', ...desc('cmd.settings.thread') },
        ]),
        sub('stats', 'cmd.stats.desc', [{ type: ApplicationCommandOptionType.User, name: 'user', ...desc('cmd.stats.user') }]),
        sub('history', 'cmd.history.desc'),
        sub('replay', 'cmd.replay.desc', [{ type: ApplicationCommandOptionType.Integer, name: 'game', ...desc('cmd.replay.game'), min_value: 1 }]),
      ],
    },
  ];
}
