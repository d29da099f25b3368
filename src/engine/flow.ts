// The turn and the passing of intel (rulings §5, §6, §8): what happens between decisions.
// Every function here mutates the working copy of an accepted action.
import { randInt, shuffleInPlace } from './rng.js';
import { bit, countColor, has, inGame, liveCount, liveMask, over, type Ctx } from './state.js';
import type { GameState, Identity, Mode, Outcome, Pending, Step } from './types.js';
import { resolveStack } from './resolve.js';
import { charOf, fire, isFemale, perk } from './characters/framework.js';

type NewPending = Pending extends infer P ? (P extends Pending ? Omit<P, 'opened' | 'deadline'> : never) : never;

/** A new decision; apply() stamps it with the new version (and a deadline when given a clock). */
export function setPending(s: GameState, ctx: Ctx, p: NewPending | null): void {
  s.pending = p ? ({ ...p, opened: s.version } as Pending) : null;
  if (p) ctx.newDecision = true;
}

export function openWindow(s: GameState, ctx: Ctx, step: Step): void {
  setPending(s, ctx, { kind: 'window', step, passed: 0 });
}

// ---- drawing --------------------------------------------------------------------------

/** Takes the top card, reshuffling the discard pile into a new deck when the deck is empty. */
export function takeTop(s: GameState, ctx: Ctx): number | undefined {
  if (s.deck.length === 0 && s.discard.length > 0) {
    s.deck = s.discard;
    s.discard = [];
    shuffleInPlace(s.rng, s.deck);
    ctx.ev.push({ to: 'all', type: 'reshuffle', deck: s.deck.length });
  }
  return s.deck.pop();
}

export function draw(s: GameState, ctx: Ctx, seat: number, n: number): void {
  const got: number[] = [];
  for (let i = 0; i < n; i++) {
    const c = takeTop(s, ctx);
    if (c === undefined) break;
    got.push(c);
  }
  s.players[seat].hand.push(...got);
  ctx.ev.push({ to: 'all', type: 'draw', seat, count: got.length });
  if (got.length) ctx.ev.push({ to: [seat], type: 'drawCards', seat, cards: got });
}

// ---- turns ----------------------------------------------------------------------------

export function startTurn(s: GameState, ctx: Ctx): void {
  s.locked = 0;
  s.failedToSend = false;
  ctx.ev.push({ to: 'all', type: 'turnStart', seat: s.current, round: s.round });
  if (s.chars) fire(s, ctx, 'turnStart', { seat: s.current });
  const more = perk(s, s.current, 'drawCount');
  draw(s, ctx, s.current, more?.n ?? 2);
  if (more) ctx.ev.push({ to: 'all', type: 'skillUsed', seat: s.current, skill: more.skill });
  if (s.chars) fire(s, ctx, 'draw', { seat: s.current });
  openWindow(s, ctx, 'play1');
}

export function endTurn(s: GameState, ctx: Ctx): void {
  const cur = s.current;
  if (s.failedToSend && inGame(s.players[cur])) {
    lose(s, ctx, cur);
    if (checkEnd(s, ctx)) return;
  }
  ctx.ev.push({ to: 'all', type: 'turnEnd', seat: cur });
  const c = s.chars;
  if (c) {
    const before = c.queue.length;
    fire(s, ctx, 'turnEnd', { seat: cur });
    if (over(s)) return;
    // 于回合结束时 (冷血): asked before the next turn starts; the queue then starts it.
    if (c.queue.length > before) {
      c.queue.push({ seat: cur, skill: '#nextTurn', stage: 'next' });
      s.pending = null;
      return;
    }
  }
  nextTurn(s, ctx);
}

export function nextTurn(s: GameState, ctx: Ctx): void {
  const cur = s.current;
  const n = s.players.length;
  let next = cur;
  for (let k = 0; k < n; k++) {
    next = (next + 1) % n;
    if (next === s.first) s.round++;
    if (inGame(s.players[next])) break;
  }
  if (s.round > s.options.roundLimit) {
    finish(s, ctx, { winners: [], declarer: null, draw: true, reason: 'roundLimit' });
    return;
  }
  s.current = next;
  startTurn(s, ctx);
}

// ---- response windows (rulings §7) -----------------------------------------------------

/** Every live player has passed since the last thing was added: resolve, then move on. */
export function closeWindow(s: GameState, ctx: Ctx): void {
  const w = s.pending;
  if (!w || w.kind !== 'window') return;
  if (s.stack.length > 0) {
    s.resolving = w.step;
    resolveStack(s, ctx);
    if (s.resolving || over(s)) return; // paused on a decision, or the game ended
    afterResolution(s, ctx, w.step);
    return;
  }
  advance(s, ctx, w.step);
}

/** The stack is empty again: reopen the same window, unless its moment is gone. */
export function afterResolution(s: GameState, ctx: Ctx, step: Step): void {
  if (over(s)) return;
  if ((step === 'transmit' || step === 'arrive') && !s.transit) {
    endPassing(s, ctx);
    return;
  }
  if ((step === 'play1' || step === 'play2') && !inGame(s.players[s.current])) {
    endTurn(s, ctx);
    return;
  }
  openWindow(s, ctx, step);
}

function advance(s: GameState, ctx: Ctx, step: Step): void {
  const cur = s.current;
  switch (step) {
    case 'play1':
      if (!inGame(s.players[cur])) return endTurn(s, ctx);
      if (s.players[cur].hand.length === 0) {
        // rulings §5: cannot send, loses at the end of this turn
        s.failedToSend = true;
        ctx.ev.push({ to: 'all', type: 'cannotSend', seat: cur });
        return openWindow(s, ctx, 'play2');
      }
      return setPending(s, ctx, { kind: 'send', seat: cur });
    case 'transmit':
      return arrive(s, ctx);
    case 'arrive':
      return afterArrival(s, ctx);
    case 'play2':
      return endTurn(s, ctx);
  }
}

// ---- passing intel (rulings §6) --------------------------------------------------------

/** Whether the passing may stop at this seat: alive, and not 调虎离山'd unless locked. */
function canStopAt(s: GameState, seat: number): boolean {
  const t = s.transit!;
  if (!inGame(s.players[seat])) return false;
  if (has(t.away, seat) && !has(s.locked, seat)) return false;
  return true;
}

/** Where the intel goes next from t.from: the sender is always a stop (it must take it). */
function nextStop(s: GameState): number {
  const t = s.transit!;
  if (t.mode === '直达') {
    if (t.from === t.sender && t.target !== undefined && canStopAt(s, t.target)) return t.target;
    return t.sender;
  }
  const n = s.players.length;
  let seat = t.from;
  for (let k = 0; k < n; k++) {
    seat = (seat + t.dir + n) % n;
    if (seat === t.sender) return seat;
    if (canStopAt(s, seat)) return seat;
  }
  return t.sender;
}

export function sendIntel(s: GameState, ctx: Ctx, seat: number, card: number, target: number | undefined, mode: Mode, dir: 1 | -1): void {
  const faceUp = mode === '文本';
  s.transit = {
    card,
    sender: seat,
    mode,
    faceUp,
    dir,
    from: seat,
    at: seat,
    target,
    away: 0,
    known: bit(seat),
  };
  ctx.ev.push({ to: 'all', type: 'send', seat, mode, target, dir, card: faceUp ? card : undefined });
  ctx.ev.push({ to: [seat], type: 'sendCard', seat, card });
  hop(s, ctx);
}

/** 传递: the intel sets off toward its next stop; a window opens for 调虎离山, 截获, 锁定. */
export function hop(s: GameState, ctx: Ctx): void {
  const t = s.transit!;
  t.at = nextStop(s);
  ctx.ev.push({ to: 'all', type: 'transmit', from: t.from, toSeat: t.at });
  if (s.chars) fire(s, ctx, 'transmit', { seat: t.at });
  openWindow(s, ctx, 'transmit');
}

/** The transmit window closed: the intel reaches its stop (recomputed: 调虎离山 may have struck). */
function arrive(s: GameState, ctx: Ctx): void {
  const t = s.transit!;
  const stop = nextStop(s);
  t.at = stop;
  if (stop === t.sender) {
    if (inGame(s.players[t.sender])) {
      ctx.ev.push({ to: 'all', type: 'backToSender', seat: t.sender });
      takeIntel(s, ctx, t.sender, true);
    } else {
      ctx.ev.push({ to: 'all', type: 'intelDiscarded', card: t.card });
      s.discard.push(t.card);
      s.transit = null;
      endPassing(s, ctx);
    }
    return;
  }
  ctx.ev.push({ to: 'all', type: 'arrive', seat: stop });
  if (s.chars) fire(s, ctx, 'arrive', { seat: stop });
  openWindow(s, ctx, 'arrive');
}

/** The arrive window closed: 退回 sends it on, a locked holder takes it, else the holder decides. */
function afterArrival(s: GameState, ctx: Ctx): void {
  const t = s.transit!;
  if (t.returned || !inGame(s.players[t.at])) {
    t.returned = false;
    t.from = t.at;
    return hop(s, ctx);
  }
  if (has(s.locked, t.at)) return takeIntel(s, ctx, t.at, true);
  if (s.chars) fire(s, ctx, 'receive', { seat: t.at });
  setPending(s, ctx, { kind: 'receive', seat: t.at });
}

export function refuseIntel(s: GameState, ctx: Ctx, seat: number): void {
  const t = s.transit!;
  ctx.ev.push({ to: 'all', type: 'refuse', seat });
  t.from = seat;
  hop(s, ctx);
}

/** 接收: the holder (or a forced holder) takes the intel; passing ends. */
export function takeIntel(s: GameState, ctx: Ctx, seat: number, forced: boolean): void {
  const t = s.transit!;
  s.transit = null;
  ctx.ev.push({ to: 'all', type: 'take', seat, card: t.card, forced });
  gainIntel(s, ctx, seat, t.card, t.sender, t.sender);
  if (over(s)) return;
  endPassing(s, ctx);
}

export function endPassing(s: GameState, ctx: Ctx): void {
  s.transit = null;
  if (over(s)) return;
  // A current player whose death skills are still to be decided may be saved (救美): the turn
  // waits in 出牌阶段(2) (held behind those decisions) instead of ending before they are asked.
  const deciding = s.chars?.queue.some((t) => t.skill === '#cleanup' && t.seat === s.current);
  if (!inGame(s.players[s.current]) && !deciding) return endTurn(s, ctx);
  openWindow(s, ctx, 'play2');
}

// ---- intel in front of a player, death, losing, victory (rulings §8) --------------------

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

/** Hand and intel to the discard pile, character and identity shown. */
export function clearOut(s: GameState, ctx: Ctx, seat: number): void {
  const p = s.players[seat];
  s.discard.push(...p.hand, ...p.intel);
  p.hand = [];
  p.intel = [];
  s.gone.push(seat);
  const character = s.chars?.seats[seat].name ?? undefined;
  const identity = s.chars?.seats[seat].identityGone ? undefined : p.identity;
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
    sc.redAtDeath = countColor(s, p.hand, '红');
    sc.femaleAtDeath = isFemale(s, seat);
    const before = c.queue.length;
    fire(s, ctx, 'death', { seat, by });
    // Death skills may look at the dead player's cards (遗志, 搜取) or save them (救美): the
    // clean-up waits until they are decided.
    if (c.queue.length > before) {
      c.queue.push({ seat, skill: '#cleanup', stage: 'cleanup' });
      return;
    }
  }
  clearOut(s, ctx, seat);
}

/**
 * A character's loss (小白's 败露) that holds now: the player loses at once. It comes before the
 * death that the same intel would bring (003 优先原则: 角色技能 > 游戏规则; rulings §13): out, not dead,
 * so no death skill triggers and no count of deaths sees it.
 */
function losesNow(s: GameState, ctx: Ctx, seat: number): boolean {
  const why = s.chars && inGame(s.players[seat]) && charOf(s, seat)?.loses?.(s, seat);
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

const FACTION_COLOR: Partial<Record<Identity, '红' | '蓝'>> = { 潜伏战线: '红', 军情处: '蓝' };

/**
 * Whether the game is over now (rulings §8): losses first (败露), then a declaration by the first
 * in seat order from the current player who meets a victory condition, then the last survivor.
 * `gainer`/`sender`: the intel just gained and who sent it, for missions about that (潮汐).
 */
export function checkEnd(s: GameState, ctx: Ctx, gainer = -1, sender = -1): boolean {
  if (over(s)) return true;
  const n = s.players.length;
  const c = s.chars;
  if (c) {
    // 003 死亡: a death's skills and clean-up come first; nobody declares in the middle of it.
    if (c.queue.some((t) => t.skill === '#cleanup')) return false;
    for (let k = 0; k < n; k++) losesNow(s, ctx, (s.current + k) % n);
  }
  for (let k = 0; k < n; k++) {
    const seat = (s.current + k) % n;
    const p = s.players[seat];
    const color = FACTION_COLOR[p.identity];
    const meets = color ? inGame(p) && countColor(s, p.intel, color) >= 3 : !!c && !p.out && missionHolds(s, seat);
    if (!meets) continue;
    declare(s, ctx, seat, color ? 'faction' : 'mission', seat === gainer ? sender : -1);
    return true;
  }
  const left = liveCount(s);
  if (left === 1) {
    const m = liveMask(s);
    const seat = Math.log2(m);
    finish(s, ctx, { winners: [seat], declarer: null, draw: false, reason: 'lastSurvivor' });
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
  c.queue = c.queue.filter((t) => t.skill === '#cleanup');
  c.holding = false;
  c.held = null;
  s.pending = null;
  s.resolving = null;
  c.declaring = outcome;
  fire(s, ctx, 'victory', { seat });
  if (!c.queue.some((t) => t.skill !== '#cleanup')) endDeclaration(s, ctx, []);
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

/** An 打酱油 player's 机密任务 (rulings §8): alive, or dead where the mission is about the death. */
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

/** A decision that paused the stack was made: resolve the rest, then reopen the window. */
export function continueResolving(s: GameState, ctx: Ctx): void {
  const step = s.resolving;
  if (!step) return;
  setPending(s, ctx, null);
  resolveStack(s, ctx);
  if (s.resolving || over(s)) return;
  afterResolution(s, ctx, step);
}

export function pickFirstPlayer(s: GameState): number {
  return randInt(s.rng, s.players.length);
}
