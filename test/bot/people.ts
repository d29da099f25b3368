// Scripted people for the table's pace (docs/rules.md §8b): they answer the decisions that are
// their own and, depending on the script, either never touch a response window or pass at once.
import { decider, isResponseWindow } from '../../src/engine/index.js';
import type { SeenMessage, UserRecord } from '../support/discord/index.js';
import { advanceTo, gameOf, tableMessage, type BotTable } from './harness.js';
import { nextMoment, openPanel, peopleAsked, WAIT } from './play.js';

const isId = (b: { customId?: string | null }, verb: string) => b.customId?.split(':')[3] === verb;

/** Answers a decision of one's own with the first thing the panel offers (refusing intel where one may). */
export async function answerOwn(t: BotTable, u: UserRecord, panel: SeenMessage): Promise<'clicked'> {
  const refuse = panel.buttons.find((b) => isId(b, 'refuse'));
  const take = panel.buttons.find((b) => isId(b, 'take'));
  const pick = panel.buttons.find((b) => isId(b, 'act'));
  const send = panel.selects.find((s) => s.customId.split(':')[3] === 'send');
  const discard = panel.selects.find((s) => s.customId.split(':')[3] === 'choose');
  const pass = panel.buttons.find((b) => isId(b, 'pass'));
  const menu = panel.selects.find((s) => ['act', 'group'].includes(s.customId.split(':')[3]));
  const click = (b: { customId?: string | null }) => t.discord.click(u, { customId: b.customId!, messageId: panel.id }).response(WAIT);
  if (refuse ?? take) await click((refuse ?? take)!);
  else if (menu && !pick) {
    // Many choices: a menu of them, or of groups of them (a skill, then its choice).
    const next = await t.discord.choose(u, { customId: menu.customId, messageId: panel.id }, [menu.options[0].value]).response(WAIT);
    if (menu.customId.split(':')[3] === 'group') return answerOwn(t, u, next);
  }
  else if (send) {
    const next = await t.discord.choose(u, { customId: send.customId, messageId: panel.id }, [send.options[0].value]).response(WAIT);
    const target = next.buttons.find((b) => isId(b, 'send') || isId(b, 'act'));
    if (target) await t.discord.click(u, { customId: target.customId!, messageId: next.id }).response(WAIT);
  } else if (discard) await t.discord.choose(u, { customId: discard.customId, messageId: panel.id }, [discard.options[0].value]).response(WAIT);
  else if (pick) await click(pick);
  else if (pass) await click(pass);
  else throw new Error(`nothing to answer on ${u.username}'s panel: ${panel.content} ${panel.embeds.map((e) => e.description ?? '').join(' ')} [${panel.buttons.map((b) => `${b.label}=${b.customId}`).join(', ')}]`);
  return 'clicked';
}

export interface Step {
  /** What the game looked like before this step. */
  version: number;
  responseWindow: boolean;
  /** Who clicked, if anyone (else the clock moved on). */
  clicked: UserRecord | null;
  /** Game-clock ms the step moved the clock on. */
  waitedMs: number;
}

/**
 * One step of a table whose people answer only their own decisions; in a response window they
 * never click (`windows: 'idle'`) or pass at once (`'pass'`). When nobody is asked, the game clock
 * moves on to the next moment (a response clock, a bot seat's pause). Returns null when it is over.
 */
export async function stepPeople(t: BotTable, windows: 'idle' | 'pass', onBefore?: (s: Step) => void): Promise<Step | null> {
  await t.bot.idle();
  const gameId = await gameOf(t);
  const state = (await t.bot.store.state(gameId))!;
  if (state.result) return null;
  const step: Step = { version: state.version, responseWindow: isResponseWindow(state), clicked: null, waitedMs: 0 };
  onBefore?.(step);
  const own = decider(state);
  const seats = await t.bot.store.seats(gameId);
  const asked = await peopleAsked(t);
  const owner = asked.find((u) => own !== null && seats[own].userId === u.id);
  const chooser = state.pending?.kind === 'chooseCharacter' ? asked[0] : undefined;
  const who = owner ?? chooser ?? (windows === 'pass' ? asked[0] : undefined);
  if (who) {
    const table = tableMessage(t, who)!;
    const panel = await openPanel(t, who, table);
    await answerOwn(t, who, panel);
    step.clicked = who;
    return step;
  }
  const next = await nextMoment(t);
  if (next === null) throw new Error('the game waits on nobody who acts');
  step.waitedMs = Math.max(0, next - t.clock.now());
  await advanceTo(t, next);
  return step;
}
