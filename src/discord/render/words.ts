// Cards, seats and events in the reader's language.
import { EDITIONS, printedName, type Card, type CharacterName, type GameEvent, type GameView, type Identity } from '../../engine/index.js';
import { hasKey, t, type Locale } from '../../i18n/index.js';

/**
 * A card in words. What a 试探 bets on is printed on its face but matters only in its holder's
 * hand, so everywhere else (`full` false) it reads like any other card.
 */
export function cardText(l: Locale, c: Card, full = false): string {
  const color = t(l, `color.${c.color}`);
  if (c.probe && full)
    return t(l, 'card.probe', { color, identity: t(l, `identity.${c.probe.identity}`), branch: t(l, `branch.${c.probe.branch}`) });
  return t(l, 'card', { name: c.name, color, mode: t(l, `mode.${c.mode}`) });
}

export function identityText(l: Locale, id: Identity): string {
  return t(l, `identity.${id}`);
}

/** How a finished game went for `seat`, with who they were: their panel's last words, and their result DM. */
export function resultText(l: Locale, v: GameView, seat: number): string {
  const r = v.result!;
  const p = v.players[seat];
  const key = r.draw ? 'result.draw' : r.winners.includes(seat) || r.alongside?.includes(seat) ? 'result.win' : 'result.lose';
  return t(l, key, {
    identity: p.identity ? identityText(l, p.identity) : '?',
    character: p.character ? t(l, 'result.character', { character: printedName(p.character) }) : '',
  });
}

/**
 * What the log remembers between events, to say more than one event says alone: the card just taken
 * (its 'intel' event needs no second line) and who used each card on the stack (whose card a 识破 undid).
 */
export interface LogMemory {
  taken?: number;
  users: Map<number, number>;
}

export const newLogMemory = (): LogMemory => ({ users: new Map() });

/** One line of the table's log for a public event, or null for events not worth a line. */
export function eventLine(l: Locale, ev: GameEvent, names: string[], cards: readonly Card[], memo: LogMemory = newLogMemory()): string | null {
  const line = lineOf(l, ev, names, cards, memo);
  if (ev.type === 'take' || ev.type === 'intelTransferred') memo.taken = ev.card;
  else if (ev.type !== 'intel') memo.taken = undefined;
  if (ev.type === 'play' && ev.card !== undefined) memo.users.set(ev.card, ev.seat);
  return line;
}

/** The lines of the table's log for these events (the public ones), oldest first; `memo` carries on from earlier events. */
export function logLines(l: Locale, events: GameEvent[], names: string[], cards: readonly Card[], memo: LogMemory = newLogMemory()): string[] {
  const lines: string[] = [];
  for (const ev of events) {
    if (ev.to !== 'all') continue;
    const line = eventLine(l, ev, names, cards, memo);
    if (line) lines.push(line);
  }
  return lines;
}

function lineOf(l: Locale, ev: GameEvent, names: string[], cards: readonly Card[], memo: LogMemory): string | null {
  const name = (seat: unknown) => (typeof seat === 'number' ? (names[seat] ?? `#${seat}`) : '?');
  const card = (id: unknown) => (typeof id === 'number' && cards[id] ? cardText(l, cards[id]) : t(l, 'card.secret'));
  let key = `ev.${ev.type}`;
  const p: Record<string, string | number> = { seat: name('seat' in ev ? ev.seat : undefined) };
  switch (ev.type) {
    case 'gameStart':
      p.first = name(ev.first);
      break;
    case 'draw':
      if (!ev.count) return null;
      p.count = Number(ev.count);
      break;
    // A response clock running out is how a window ends when nobody plays: not news for the log.
    // A decision's timer running out is (its owner's default was taken for them).
    case 'timeout':
      if (ev.pending === 'window') return null;
      break;
    case 'discard':
      if (!ev.count) return null;
      p.count = Number(ev.count);
      // Shown discards (千智风声's 明弃, 揭露) name the cards.
      if (ev.cards) {
        key = 'ev.discardShown';
        p.cards = ev.cards.map((id) => card(id)).join('、');
      }
      break;
    case 'intelReplaced':
      p.card = card(ev.card);
      p.old = card(ev.old);
      break;
    case 'intelTransferred':
      p.target = name(ev.target);
      p.card = card(ev.card);
      break;
    case 'send':
      p.mode = t(l, `mode.${String(ev.mode)}` as 'mode.密电');
      p.target = ev.target === undefined ? '' : t(l, 'ev.sendTarget', { name: name(ev.target) });
      p.card = ev.card === undefined ? '' : t(l, 'ev.sendFace', { card: card(ev.card) });
      p.dir = ev.dir === -1 ? t(l, 'table.reversed') : '';
      break;
    case 'transmit':
      p.to = name(ev.toSeat);
      break;
    case 'take':
      if (ev.forced) key = 'ev.takeForced';
      p.card = card(ev.card);
      break;
    case 'intercept':
    case 'burned':
      p.card = card(ev.card);
      break;
    case 'play':
      p.as = String(ev.as);
      p.target = ev.target === undefined ? '' : t(l, 'ev.playTarget', { name: name(ev.target) });
      if (typeof ev.skill === 'string') {
        key = 'ev.playVia';
        p.skill = ev.skill;
      }
      break;
    case 'declare':
      if (ev.failed) key = 'ev.declareFailed';
      else if (ev.sole) key = 'ev.declareSole';
      else if (ev.mission) {
        key = 'ev.declareMission';
        p.mission = printedName(ev.mission as CharacterName);
      }
      break;
    case 'overturn':
    case 'joins':
      p.of = name(ev.of);
      p.mission = ev.mission ? printedName(ev.mission as CharacterName) : String(ev.mission);
      break;
    case 'negate': {
      p.as = String(ev.as);
      // Whose card it was, where the log saw it used (two 锁定 on the stack are then told apart).
      const user = ev.card === undefined ? undefined : memo.users.get(ev.card);
      if (user !== undefined) {
        key = 'ev.negateOf';
        p.user = name(user);
      }
      break;
    }
    case 'negated':
      p.as = String(ev.as);
      // 千智风声 discards it face up: a 试探 shows its bet.
      if (ev.card !== undefined && cards[ev.card]) {
        key = 'ev.negatedShown';
        p.card = cardText(l, cards[ev.card], true);
      }
      break;
    case 'intel':
      // Taking intel has its own line; intel gained any other way (真伪莫辨, a skill) gets this one.
      if (memo.taken === ev.card) return null;
      p.card = card(ev.card);
      break;
    case 'probeResult':
      key = `ev.probeResult.${String(ev.result)}`;
      // 千智风声's 抽一: one card (the standard line says two).
      if (ev.result === 'draw' && ev.count === 1) key = 'ev.probeResult.drawOne';
      p.says = String(ev.says ?? '');
      break;
    case 'reveal':
      // 临危受命 took the identity card: the clean-up shows none.
      if (ev.identity === undefined) key = 'ev.revealGone';
      else p.identity = identityText(l, ev.identity);
      break;
    case 'identityShown':
      p.identity = identityText(l, ev.identity);
      break;
    case 'skill':
    case 'skillUsed':
      p.skill = String(ev.skill);
      p.target = ev.target === undefined ? '' : t(l, 'ev.playTarget', { name: name(ev.target) });
      break;
    case 'characterUp':
      p.character = printedName(ev.character as CharacterName);
      break;
    case 'handTaken':
      p.from = name(ev.from);
      p.count = Number(ev.count);
      break;
    case 'cardGiven':
    case 'handGiven':
      p.target = name(ev.target);
      p.count = Number(ev.count ?? 1);
      break;
    case 'intelToHand':
      p.from = name(ev.from);
      p.card = card(ev.card);
      break;
    case 'intelToDeck':
    case 'intelRevealed':
      p.card = card(ev.card);
      break;
    case 'toDeckTop':
      p.count = Number(ev.count);
      break;
    case 'intelMoved':
      p.from = name(ev.from);
      p.card = card(ev.card);
      break;
    case 'shown':
      p.card = card(ev.card);
      break;
    // The line of `ev.<kind>` with the seat alone, where the language has one.
    case 'identity':
    case 'characterOffer':
    case 'drawCards':
    case 'reshuffle':
    case 'turnStart':
    case 'turnEnd':
    case 'cannotSend':
    case 'sendCard':
    case 'backToSender':
    case 'intelDiscarded':
    case 'arrive':
    case 'refuse':
    case 'death':
    case 'lose':
    case 'gameOver':
    case 'pass':
    case 'probeCard':
    case 'resolve':
    case 'locked':
    case 'away':
    case 'returned':
    case 'decoded':
    case 'peek':
    case 'discardCards':
    case 'characterPicked':
    case 'character':
    case 'characterDown':
    case 'identitySeen':
    case 'handTakenCards':
    case 'saved':
    case 'cardGivenCards':
    case 'handGivenCards':
    case 'handSeen':
    case 'intelSwapped':
    case 'probeSeen':
      break;
    default: {
      // Every kind is named above: a new one does not compile until it is.
      const unknown: never = ev;
      return unknown;
    }
  }
  if (!hasKey(key)) return null;
  const line = t(l, key, p);
  return line === '' ? null : line;
}

/** The open window's step in words; 千智风声 has one play phase, not 出牌阶段(1) and (2). */
export function stepText(l: Locale, v: GameView): string {
  const step = v.pending?.step ?? 'play1';
  return step === 'play1' && !EDITIONS[v.edition].secondPlay ? t(l, 'step.play') : t(l, `step.${step}`);
}

/** Who a view's pending decision waits on, in words. */
export function pendingText(l: Locale, v: GameView): string {
  const p = v.pending;
  if (!p) return '';
  if (p.kind === 'window') return t(l, 'pending.window', { step: stepText(l, v) });
  // The decider's own view says which skill asks what; everyone else reads only that a skill is being decided.
  if (p.kind === 'decide' && p.skill) {
    const key = `ask.${p.skill}.${p.stage}`;
    return hasKey(key) ? t(l, key) : t(l, 'ask.generic', { skill: p.skill });
  }
  return t(l, `pending.${p.kind}` as 'pending.send');
}

/** A private event for its owner, in words (DMs and the 我的信息 panel), or null. */
export function secretLine(l: Locale, ev: GameEvent, me: number, names: string[], cards: readonly Card[]): string | null {
  const card = (id: unknown) => cardText(l, cards[id as number], true);
  const list = (ids: unknown) => (ids as number[]).map((id) => cardText(l, cards[id], true)).join('、');
  switch (ev.type) {
    case 'identity':
      return t(l, 'secret.identity', { identity: identityText(l, ev.identity as Identity) });
    case 'drawCards':
      return t(l, 'secret.drew', { cards: list(ev.cards) });
    case 'peek':
      return t(l, 'secret.peek', { card: card(ev.card) });
    case 'sendCard':
      return t(l, 'secret.sent', { card: card(ev.card) });
    case 'discardCards':
      return t(l, 'secret.discarded', { cards: list(ev.cards) });
    case 'characterOffer':
      return t(l, 'secret.offer', { characters: (ev.characters as CharacterName[]).map(printedName).join('、') });
    case 'character':
      return t(l, 'secret.character', { character: printedName(ev.character as CharacterName) });
    case 'identitySeen':
      return t(l, 'secret.identitySeen', { target: names[ev.seat as number], identity: identityText(l, ev.identity as Identity) });
    case 'handSeen':
      return t(l, 'secret.handSeen', { target: names[ev.seat as number], cards: list(ev.cards) });
    case 'probeSeen':
      return t(l, 'secret.probeSeen', { user: names[ev.user as number], target: names[ev.target as number], card: card(ev.card) });
    case 'handTakenCards':
      return ev.seat === me
        ? t(l, 'secret.tookFrom', { target: names[ev.from as number], cards: list(ev.cards) })
        : t(l, 'secret.takenBy', { user: names[ev.seat as number], cards: list(ev.cards) });
    case 'cardGivenCards':
    case 'handGivenCards': {
      const cards = list(ev.cards);
      return ev.seat === me
        ? t(l, 'secret.gave', { target: names[ev.target as number], cards })
        : t(l, 'secret.given', { user: names[ev.seat as number], cards });
    }
    case 'probeCard':
      return ev.seat === me
        ? t(l, 'secret.probeUsed', { target: names[ev.target as number], card: card(ev.card) })
        : t(l, 'secret.probed', { user: names[ev.seat as number], card: card(ev.card) });
    // Public events, or nothing to tell their owner.
    case 'gameStart':
    case 'draw':
    case 'reshuffle':
    case 'turnStart':
    case 'turnEnd':
    case 'cannotSend':
    case 'send':
    case 'transmit':
    case 'backToSender':
    case 'intelDiscarded':
    case 'arrive':
    case 'refuse':
    case 'take':
    case 'intel':
    case 'death':
    case 'lose':
    case 'reveal':
    case 'declare':
    case 'overturn':
    case 'joins':
    case 'gameOver':
    case 'pass':
    case 'play':
    case 'resolve':
    case 'negated':
    case 'locked':
    case 'away':
    case 'intercept':
    case 'returned':
    case 'decoded':
    case 'burned':
    case 'negate':
    case 'probeResult':
    case 'discard':
    case 'timeout':
    case 'characterPicked':
    case 'characterUp':
    case 'characterDown':
    case 'skill':
    case 'skillUsed':
    case 'shown':
    case 'identityShown':
    case 'handTaken':
    case 'saved':
    case 'cardGiven':
    case 'handGiven':
    case 'intelToDeck':
    case 'intelMoved':
    case 'toDeckTop':
    case 'intelSwapped':
    case 'intelRevealed':
    case 'intelToHand':
    case 'intelReplaced':
    case 'intelTransferred':
      return null;
    default: {
      const unknown: never = ev;
      return unknown;
    }
  }
}
