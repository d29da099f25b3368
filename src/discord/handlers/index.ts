// Every handler of the bot, in the order /fengsheng lists their subcommands. A new command or
// button is a handler file (or an entry in one) and, for a new file, one line here.
import type { Handler } from '../context.js';
import { activity } from './activity.js';
import { game } from './game.js';
import { info } from './info.js';
import { lobby } from './lobby.js';
import { log } from './log.js';
import { replayHandler } from './replay.js';
import { rules } from './rules.js';

export const HANDLERS: readonly Handler[] = [lobby, game, info, log, rules, replayHandler, activity];
