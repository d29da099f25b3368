// What intel in front of a player brings (docs/rules.md §9): gaining intel, death and its records,
// losing, declaring victory, the end of the game. Cards and characters call these; the turn
// machine (turn.ts) moves on afterwards.
import { CLEANUP, cleanupWaiting, queueCleanup } from './pending.js';
import { charOf, fire, identityGone, isFemale, loserSeats, lossOf } from './registry.js';
import { countColor, inGame, over, removeFrom, type Ctx } from './state.js';
import type { GameState, Outcome } from './types.js';

/**
 * Places a card face up in front of a seat and applies what follows at once. `by` is who is
 * credited with it (亲手: the sender of sent intel, a skill's owner, a 真伪莫辨's user), `sender`
 * the sender when it comes from a sending.
 */
export function gainIntel(s: GameState, ctx: Ctx, seat: number, card: number, by = -1, sender = -1): void {
  const p = s.players[seat];
  p.intel.push(card);
  ctx.ev.push({ to: 'all', type: 'intel', seat, card });
  if (countColor(s, p.intel, '黑') >= 3 && !losesNow(s, ctx, seat)) die(s, ctx, seat, by);
  if (s.chars && !over(s) && checkEnd(s, ctx, seat, sender)) return;
  if (s.chars && !over(s)) fire(s, ctx, 'intel', { seat, card, by, sender });
  checkEnd(s, ctx, seat, sender);
}

/** Several cards placed at once (黑玫瑰): one death check after all of them (so 烧毁 cannot save). */
export function placeIntel(s: GameState, ctx: Ctx, seat: number, cards: number[], by: number): void {
  const p = s.players[seat];
  for (const card of cards) {
    p.intel.push(card);
    ctx.ev.push({ to: 'all', type: 'intel', seat, card });
  }
  if (cards.length === 0) return;
  if (countColor(s, p.intel, '黑') >= 3 && !losesNow(s, ctx, seat)) die(s, ctx, seat, by);
  if (s.chars && !over(s) && checkEnd(s, ctx)) return;
  if (s.chars && !over(s)) for (const card of cards) if (inGame(p)) fire(s, ctx, 'intel', { seat, card, by, sender: -1 });
  checkEnd(s, ctx);
}

/**
 * 放置情报 (003 游戏术语: "如没特别注明，都由手牌中放置到目标玩家面前"): cards leave `from`'s hand and are
 * placed at once before `target`, credited (亲手) to `by` (the hand's owner unless a skill says).
 */
export function placeFromHand(s: GameState, ctx: Ctx, from: number, target: number, cards: number[], by = from): void {
  for (const c of cards) removeFrom(s.players[from].hand, c);
  placeIntel(s, ctx, target, cards, by);
}

/** Hand and intel to the discard pile, character and identity shown. */
export function clearOut(s: GameState, ctx: Ctx, seat: number): void {
  const p = s.players[seat];
  s.discard.push(...p.hand, ...p.intel);
  p.hand = [];
  p.intel = [];
  s.gone.push(seat);
  const character = s.chars?.seats[seat].name ?? undefined;
  const identity = s.chars && identityGone(s, seat) ? undefined : p.identity;
  ctx.ev.push({ to: 'all', type: 'reveal', seat, identity, character });
}

export function die(s: GameState, ctx: Ctx, seat: number, by = -1): void {
  const p = s.players[seat];
  if (!p.alive) return;
  p.alive = false;
  ctx.ev.push({ to: 'all', type: 'death', seat, by: by < 0 ? undefined : by });
  const c = s.chars;
  if (c) {
    // 003 死亡: death-triggered skills first (in seat order from the current player), then the
    // clean-up. Skills that need the dead player's hand keep the clean-up until they are decided.
    const sc = c.seats[seat];
    sc.killedBy = by;
    sc.trueAtDeath = countColor(s, p.intel, '红') + countColor(s, p.intel, '蓝');
    sc.deathNo = ++c.deaths;
    sc.femaleAtDeath = isFemale(s, seat);
    const notes = charOf(s, seat)?.notesAtDeath;
    if (notes) for (const [k, note] of Object.entries(notes)) (sc.mark ??= {})[k] = note(s, seat);
    const before = c.queue.length;
    fire(s, ctx, 'death', { seat, by });
    // Death skills may look at the dead player's cards (遗志, 搜取) or save them (救美): the
    // clean-up waits until they are decided.
    if (c.queue.length > before) {
      queueCleanup(s, seat);
      return;
    }
  }
  clearOut(s, ctx, seat);
}

/**
 * A character's loss (小白's 败露) that holds now: the player loses at once. It comes before the
 * death that the same intel would bring (003 优先原则: 角色技能 > 游戏规则; docs/rules.md §9): out, not dead,
 * so no death skill triggers and no count of deaths sees it.
 */
function losesNow(s: GameState, ctx: Ctx, seat: number): boolean {
  const loses = s.chars && lossOf(s, seat);
  const why = loses && inGame(s.players[seat]) && loses(s, seat);
  if (!why) return false;
  if (typeof why === 'string') ctx.ev.push({ to: 'all', type: 'skillUsed', seat, skill: why });
  lose(s, ctx, seat);
  return true;
}

export function lose(s: GameState, ctx: Ctx, seat: number): void {
  const p = s.players[seat];
  p.out = true;
  ctx.ev.push({ to: 'all', type: 'lose', seat });
  clearOut(s, ctx, seat);
}

/**
 * Whether the game is over now (docs/rules.md §9): losses first (败露), then a declaration by the first
 * in seat order from the current player who meets a victory condition, then the last survivor.
 * `gainer`/`sender`: the intel just gained and who sent it, for missions about that (潮汐).
 * It runs after every action (and every intel gained), so it makes one pass over the seats for
 * the victories and the survivors, and asks for losses only seats whose character can lose.
 */
export function checkEnd(s: GameState, ctx: Ctx, gainer = -1, sender = -1): boolean {
  if (over(s)) return true;
  const n = s.players.length;
  const c = s.chars;
  if (c) {
    // 003 死亡: a death's skills and clean-up come first; nobody declares in the middle of it.
    if (cleanupWaiting(s)) return false;
    const losers = loserSeats(c);
    if (losers !== 0) for (let k = 0, seat = s.current; k < n; k++, seat = seat + 1 === n ? 0 : seat + 1) if (losers & (1 << seat)) losesNow(s, ctx, seat);
  }
  // 调整胜利条件 (000_… 进阶规则): only the faction victories count victoryIntel; 机密任务 keep their numbers.
  const need = s.options.victoryIntel ?? 3;
  let left = 0;
  let survivor = -1;
  for (let k = 0, seat = s.current; k < n; k++, seat = seat + 1 === n ? 0 : seat + 1) {
    const p = s.players[seat];
    const live = inGame(p);
    if (live) {
      left++;
      survivor = seat;
    }
    const id = p.identity;
    const faction = id === '潜伏战线' || id === '军情处';
    const meets = faction
      ? live && p.intel.length >= need && countColor(s, p.intel, id === '潜伏战线' ? '红' : '蓝') >= need
      : !!c && !p.out && missionHolds(s, seat);
    if (!meets) continue;
    declare(s, ctx, seat, faction ? 'faction' : 'mission', seat === gainer ? sender : -1);
    return true;
  }
  if (left === 1) {
    finish(s, ctx, { winners: [survivor], declarer: null, draw: false, reason: 'lastSurvivor' });
    return true;
  }
  if (left === 0) {
    finish(s, ctx, { winners: [], declarer: null, draw: true, reason: 'allGone' });
    return true;
  }
  return false;
}

/** Who wins with `seat`'s declaration: the faction (its dead too, not who lost), or the 打酱油 alone (酱油同盟: all of them). */
function winnersOf(s: GameState, seat: number, reason: 'faction' | 'mission' | 'sole'): number[] {
  const out: number[] = [];
  const id = s.players[seat].identity;
  for (let i = 0; i < s.players.length; i++) {
    const q = s.players[i];
    if (i === seat) out.push(i);
    else if (reason === 'faction' && q.identity === id && !q.out) out.push(i);
    else if (reason === 'mission' && s.options.soySauceAlliance && q.identity === '打酱油的' && !q.out) out.push(i);
  }
  return out;
}

/**
 * 宣告胜利 (003): one player declares. An 打酱油 whose 机密任务 is "你的胜利会导致他的宣告失败" takes
 * the declaration over (the first in seat order from the current player); 机密任务 met by the
 * declaration join it; the declarer's own "当你宣告胜利时" skill (风度) may ask a choice first.
 */
export function declare(s: GameState, ctx: Ctx, seat: number, reason: 'faction' | 'mission' | 'sole', sender = -1): void {
  const n = s.players.length;
  const c = s.chars;
  if (c) {
    const d = { seat, sender };
    for (let k = 0; k < n; k++) {
      const y = (s.current + k) % n;
      if (y === seat || s.players[y].identity !== '打酱油的' || !inGame(s.players[y])) continue;
      if (!charOf(s, y)?.overturns?.(s, y, d)) continue;
      ctx.ev.push({ to: 'all', type: 'declare', seat, identity: s.players[seat].identity, failed: true });
      ctx.ev.push({ to: 'all', type: 'overturn', seat: y, of: seat, mission: c.seats[y].name });
      seat = y;
      reason = 'mission';
      break;
    }
  }
  const winners = winnersOf(s, seat, reason);
  ctx.ev.push({
    to: 'all',
    type: 'declare',
    seat,
    identity: s.players[seat].identity,
    mission: reason === 'mission' ? c?.seats[seat].name : undefined,
    sole: reason === 'sole' || undefined,
  });
  const outcome: Outcome = { winners, declarer: seat, draw: false, reason };
  if (!c) return finish(s, ctx, outcome);
  const d = { seat, sender };
  for (let k = 0; k < n; k++) {
    const y = (s.current + k) % n;
    const q = s.players[y];
    if (winners.includes(y) || q.identity !== '打酱油的' || q.out) continue;
    const def = charOf(s, y);
    if (!def?.joins || (!q.alive && !def.missionWhenDead) || !def.joins(s, y, d)) continue;
    ctx.ev.push({ to: 'all', type: 'joins', seat: y, of: seat, mission: c.seats[y].name });
    for (const w of winnersOf(s, y, 'mission')) if (!winners.includes(w)) winners.push(w);
  }
  // Nothing else is asked any more: the declarer's choice, if any, is the last decision.
  c.queue = c.queue.filter((t) => t.skill === CLEANUP);
  c.holding = false;
  c.held = null;
  s.pending = null;
  s.resolving = null;
  c.declaring = outcome;
  fire(s, ctx, 'victory', { seat });
  if (!c.queue.some((t) => t.skill !== CLEANUP)) endDeclaration(s, ctx, []);
}

/** The declaration stands: the game ends, with `alongside` winning through the declarer (风度). */
export function endDeclaration(s: GameState, ctx: Ctx, alongside: number[]): void {
  const c = s.chars!;
  const o = c.declaring!;
  delete c.declaring;
  const result: Outcome = { ...o, winners: o.winners.slice() };
  if (alongside.length) {
    result.alongside = alongside;
    for (const w of alongside) if (!result.winners.includes(w)) result.winners.push(w);
  }
  finish(s, ctx, result);
}

/** An 打酱油 player's 机密任务 (docs/rules.md §9): alive, or dead where the mission is about the death. */
function missionHolds(s: GameState, seat: number): boolean {
  const def = charOf(s, seat);
  if (!def) return false;
  if (!s.players[seat].alive && !def.missionWhenDead) return false;
  return def.mission(s, seat);
}

export function finish(s: GameState, ctx: Ctx, result: NonNullable<GameState['result']>): void {
  s.result = result;
  s.pending = null;
  s.resolving = null;
  ctx.ev.push({
    to: 'all',
    type: 'gameOver',
    ...result,
    identities: s.players.map((p) => p.identity),
  });
}


/**
 * A death undone (救美): the player is alive again and the death leaves no trace in the death
 * records (death order, killer, what was before the player), so no 机密任务 or skill that counts
 * deaths, killings or their order counts it (docs/rules.md §9). What triggered at the death stays done.
 */
export function undoDeath(s: GameState, seat: number): void {
  const c = s.chars!;
  const sc = c.seats[seat];
  s.players[seat].alive = true;
  c.deaths--;
  for (const x of c.seats) if ((x.deathNo ?? 0) > (sc.deathNo ?? 0)) x.deathNo!--;
  delete sc.killedBy;
  delete sc.deathNo;
  delete sc.trueAtDeath;
  delete sc.femaleAtDeath;
  const notes = charOf(s, seat)?.notesAtDeath;
  if (notes && sc.mark) {
    for (const k of Object.keys(notes)) delete sc.mark[k];
    if (Object.keys(sc.mark).length === 0) delete sc.mark;
  }
}
