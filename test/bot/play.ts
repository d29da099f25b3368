// Simulated players: each looks at the table, opens their own panel, and clicks one of the
// choices it shows them, as a person would.
import { seedRng, randInt, type RngState } from '../../src/engine/rng.js';
import type { SeenMessage, UserRecord } from '../support/discord/index.js';
import { waitingOn } from '../../src/engine/index.js';
import { advanceTo, allText, gameOf, tableMessage, type BotTable } from './harness.js';

export const PRIVATE_PHRASES = ['你的身份是', 'Your identity is', '你抽到了', 'You drew', '你破译了', 'You decoded', '我打赌你是', 'I bet you are', '你传出的情报是', 'The intel you sent is', '你弃掉了', 'You discarded', '你抽取了', '抽走了你的手牌', 'You took from', 'took from your hand', '交给你：', 'gave you:'];
const IDENTITIES = ['潜伏战线', '军情处', '打酱油的'];

export function isOver(table: SeenMessage): boolean {
  const title = table.embeds[0]?.title ?? '';
  return title.includes('游戏结束') || title.includes('Game over');
}

/** How long a simulated player waits for the bot's answer (generous: the bench loads it hard). */
export const WAIT = { timeoutMs: 60_000 };

/** The table as a user sees it once it has its buttons (a table just posted gets them when its message id is stored: the outbox). */
export function liveTable(t: BotTable, u: UserRecord): Promise<SeenMessage> {
  return t.discord.waitFor(() => {
    const m = tableMessage(t, u);
    return m?.buttons.some((b) => b.customId?.endsWith(':info')) ? m : undefined;
  }, WAIT);
}

/** Opens a user's private panel from the table's 我的信息 button. */
export async function openPanel(t: BotTable, u: UserRecord, table: SeenMessage): Promise<SeenMessage> {
  const info = table.buttons.find((b) => b.customId?.endsWith(':info'))!;
  return t.discord.click(u, { customId: info.customId!, messageId: table.id }).response(WAIT);
}

/** The newest panel (我的信息) a user has, as its refreshes left it; undefined before they opened one. */
export function lastPanel(t: BotTable, u: UserRecord): SeenMessage | undefined {
  return t.discord.seenBy(u).filter((m) => m.ephemeral && /我的信息|My info/.test(m.embeds[0]?.title ?? '')).at(-1);
}

/** Clicks one thing the panel offers; passes more often than not so games move on. */
export async function actOnPanel(t: BotTable, u: UserRecord, panel: SeenMessage, rng: RngState): Promise<boolean> {
  // 提示 makes no move (test/bot/coach.test.ts plays by it): a simulated player picks among the moves.
  const buttons = panel.buttons.filter((b) => b.customId && !b.customId.endsWith(':back') && !b.customId.endsWith(':coach'));
  const pass = buttons.find((b) => b.customId!.endsWith(':pass'));
  const selects = panel.selects.filter((s) => s.options.length > 0);
  if (pass && (selects.length + buttons.length === 1 || randInt(rng, 10) < 7)) {
    await t.discord.click(u, { customId: pass.customId!, messageId: panel.id }).response(WAIT);
    return true;
  }
  const choices = [...buttons.map((b) => ({ b })), ...selects.map((s) => ({ s }))];
  if (!choices.length) return false;
  const c = choices[randInt(rng, choices.length)];
  if ('b' in c) {
    await t.discord.click(u, { customId: c.b.customId!, messageId: panel.id }).response(WAIT);
    return true;
  }
  const option = c.s.options[randInt(rng, c.s.options.length)];
  const next = await t.discord.choose(u, { customId: c.s.customId, messageId: panel.id }, [option.value]).response(WAIT);
  // The card needed a target: the panel now shows the targets.
  const targets = next.buttons.filter((b) => b.customId && !b.customId.endsWith(':back') && /:(play|send|act):/.test(b.customId));
  if (targets.length) {
    const b = targets[randInt(rng, targets.length)];
    await t.discord.click(u, { customId: b.customId!, messageId: next.id }).response(WAIT);
  }
  return true;
}

/** Everything each user can see holds no secret of another seat. Returns the problems found. */
export async function scanForLeaks(t: BotTable): Promise<string[]> {
  const problems: string[] = [];
  const gameId = await t.bot.store.activeGameIn(t.guild.id, t.general.id) ?? (await t.bot.store.newestGameIn(t.guild.id, t.general.id));
  const state = gameId === null ? null : await t.bot.store.state(gameId);
  const seats = gameId === null ? [] : await t.bot.store.seats(gameId);
  const over = state?.result != null;
  // Identities the rules make public: the gone, and those shown by a skill (黄雀在后).
  const goneNames = state ? state.players.filter((p, i) => !p.alive || p.out || state.chars?.seats[i]?.shown).map((p) => p.name) : [];
  for (const u of t.users) {
    for (const m of t.discord.seenBy(u)) {
      const text = allText(m);
      const mine = m.ephemeral || m.where === 'DM';
      if (m.ephemeral && m.interaction && m.interaction.userId !== u.id) problems.push(`${u.username} sees another's ephemeral ${m.id}`);
      if (!mine) {
        for (const p of PRIVATE_PHRASES) if (text.includes(p)) problems.push(`${u.username} sees "${p}" in public message ${m.id}`);
        if (!over)
          for (const line of text.split('\n'))
            if (IDENTITIES.some((id) => line.includes(id)) && !goneNames.some((n) => line.includes(n)) && !line.includes('打酱油的 pursue') && !line.includes('打酱油的要完成'))
              problems.push(`${u.username} sees an identity of a live player in public: "${line}"`);
      }
      // A private panel or DM shows only its owner's seat.
      for (let s = 0; s < seats.length; s++) {
        if (seats[s].userId === u.id) continue;
        const name = seats[s].name;
        if (text.includes(`我的信息 · ${name}`) || text.includes(`My info · ${name}`)) problems.push(`${u.username} sees the panel of ${name}`);
      }
    }
  }
  return problems;
}


/**
 * The people a game waits on now (not bot-played seats): what a player who looks at their own
 * panel would find asking them something. The table cannot say it (docs/rules.md §8b).
 */
export async function peopleAsked(t: BotTable): Promise<UserRecord[]> {
  const gameId = await gameOf(t);
  const state = await t.bot.store.state(gameId);
  if (!state || state.result) return [];
  const seats = await t.bot.store.seats(gameId);
  const bots = t.bot.drivers.botSeats(gameId);
  return waitingOn(state)
    .filter((s) => seats[s].userId && !bots.has(s))
    .map((s) => t.users.find((u) => u.id === seats[s].userId)!);
}

/** The next time something happens by itself: a bot seat's pause ends, or a deadline passes. */
export async function nextMoment(t: BotTable): Promise<number | null> {
  const deadline = (await t.bot.store.state(await gameOf(t)))?.pending?.deadline ?? null;
  const alarm = t.bot.drivers.paused ? t.clock.nextAlarm() : null;
  if (alarm === null) return deadline;
  return deadline === null ? alarm : Math.min(alarm, deadline);
}

/**
 * Plays until the table says the game is over; returns the number of clicks. Players answer what
 * their panel asks; when nobody is asked anything, the game clock moves on to the next deadline
 * (a response window's clock, or a bot seat's pause).
 */
export async function playToEnd(
  t: BotTable,
  seed: number,
  opts: { maxSteps?: number; scanEvery?: number; onStep?: (k: number) => Promise<void>; act?: (u: UserRecord, panel: SeenMessage) => Promise<void> } = {},
): Promise<{ steps: number; leaks: string[] }> {
  const rng = seedRng(seed);
  const leaks: string[] = [];
  const host = t.users[0];
  let k = 0;
  for (let idle = 0; k < (opts.maxSteps ?? 3000); ) {
    await t.bot.idle();
    const table = tableMessage(t, host);
    if (!table) throw new Error('no table message');
    if (isOver(table)) break;
    const asked = await peopleAsked(t);
    if (!asked.length) {
      const next = await nextMoment(t);
      if (next === null || ++idle > 50) throw new Error(`the game waits on nobody who acts: ${table.content}`);
      await advanceTo(t, next);
      continue;
    }
    idle = 0;
    const u = asked[randInt(rng, asked.length)];
    const panel = await openPanel(t, u, table);
    await (opts.act ? opts.act(u, panel) : actOnPanel(t, u, panel, rng));
    await t.bot.idle();
    if (opts.scanEvery && k % opts.scanEvery === 0) leaks.push(...await scanForLeaks(t));
    await opts.onStep?.(k);
    k++;
  }
  leaks.push(...await scanForLeaks(t));
  return { steps: k, leaks };
}
