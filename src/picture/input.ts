// What the table picture shows, taken from the public view only (view(state, null)) and the
// public seat tags. The picture is drawn from this and nothing else, so it cannot show a secret,
// and its hash tells the publisher whether the picture changed since the last upload.
import { createHash } from 'node:crypto';
import { decider, EDITIONS, printedName, view, type Card, type GameState, type GameView, type Identity } from '../engine/index.js';
import { t, type Locale } from '../i18n/index.js';

export interface PictureCard {
  name: Card['name'];
  color: Card['color'];
  mode: Card['mode'];
}

export interface PictureSeat {
  name: string;
  alive: boolean;
  out: boolean;
  hand: number;
  intel: PictureCard[];
  identity?: Identity;
  locked: boolean;
  /** Absent without characters; null when the character is face down (its back is drawn). */
  character?: string | null;
  ai: boolean;
  auto: boolean;
  /** Open pictures only (a replay of an ended game): the hand's cards. */
  cards?: PictureCard[];
  /** Open pictures only: the character is named although it was face down at the table. */
  characterDown?: true;
}

/** The counts and the outcome as the view has them; seats, transit, stack and pending in the picture's own terms. */
export interface PictureInput extends Pick<GameView, 'current' | 'round' | 'roundLimit' | 'deck' | 'discard' | 'removed' | 'result'> {
  locale: Locale;
  seats: PictureSeat[];
  /** `hidden`: open pictures only, the card is shown although it travelled face down. */
  transit: null | (Omit<NonNullable<GameView['transit']>, 'card'> & { card?: PictureCard; hidden?: true });
  stack: { user: number; as: string; target?: number; card?: PictureCard; hidden?: true }[];
  /**
   * What the game waits for. Like the text table (rulings §7b) it never says who is still waited
   * on in a response window: only the seat whose own decision it is (`decider`), if any. Not its
   * deadline: the table's words give it in each reader's own time (a Discord timestamp), and a
   * picture that does not change with every new deadline is drawn far less often.
   */
  pending: null | { kind: string; step?: string; decider: number | null };
  /**
   * Set only by openPictureInput (a replay of an ended game): every hand, identity, character and
   * face-down card is in the input. Never set for the table of a game being played.
   */
  open?: true;
  /** The game was stopped (/fengsheng abort): drawn as it stood, nothing in motion, 已中止 in its title. */
  aborted?: true;
}

const face = (c: Card): PictureCard => ({ name: c.name, color: c.color, mode: c.mode });

/** What the table shows beside the public view: seat tags and whose own decision it is (engine decider()). */
export interface PictureTags {
  ai: number[];
  autopilot: number[];
  decider: number | null;
}

/**
 * The picture's inputs from the public view; refuses a seat's view (it may hold secrets). `aborted`: the
 * game was stopped, so nothing is in motion (no decision, intel in transit or stack).
 */
export function pictureInput(locale: Locale, v: GameView, tags: PictureTags, aborted = false): PictureInput {
  if (v.you !== null) throw new Error('the table picture is drawn from the public view only');
  if (aborted) return { ...pictureInput(locale, v, tags), transit: null, stack: [], pending: null, aborted: true };
  const p = v.pending;
  return {
    locale,
    seats: v.players.map((s) => ({
      name: s.name,
      alive: s.alive,
      out: s.out,
      hand: s.handCount,
      intel: s.intel.map(face),
      ...(s.identity && { identity: s.identity }),
      locked: s.locked,
      ...(s.faceUp !== undefined && { character: s.character ? printedName(s.character) : null }),
      ai: tags.ai.includes(s.seat),
      auto: !tags.ai.includes(s.seat) && tags.autopilot.includes(s.seat),
    })),
    current: v.current,
    round: v.round,
    roundLimit: v.roundLimit,
    deck: v.deck,
    discard: v.discard,
    removed: v.removed,
    // A game that is over shows where everything ended, not what was in motion (as the text table does).
    transit: v.result ? null : v.transit && {
      sender: v.transit.sender,
      mode: v.transit.mode,
      at: v.transit.at,
      dir: v.transit.dir,
      ...(v.transit.target !== undefined && { target: v.transit.target }),
      away: v.transit.away.slice(),
      ...(v.transit.card && { card: face(v.transit.card) }),
    },
    stack: (v.result ? [] : v.stack).map((s) => ({
      user: s.user,
      as: s.as,
      ...(s.target !== undefined && { target: s.target }),
      ...(s.card && { card: face(s.card) }),
    })),
    pending:
      p && !v.result
        ? {
            kind: p.kind,
            // An edition without 出牌阶段(2) names its one play phase as its own (千智风声: 摸牌-出牌阶段).
            ...(p.step !== undefined && { step: p.step === 'play1' && !EDITIONS[v.edition].secondPlay ? 'play' : p.step }),
            decider: tags.decider,
          }
        : null,
    result: v.result,
  };
}

/** How a stored game ended; only these may be drawn open. */
export type EndedStatus = 'finished' | 'aborted';

/**
 * The picture of one moment of an ended game with nothing hidden: the public picture plus every
 * seat's hand, identity and character, and the face-down cards in transit and on the stack. The
 * caller passes the game's stored status: a game still being played (or broken) is refused, since
 * what this shows would be its players' secrets.
 */
export function openPictureInput(locale: Locale, s: GameState, o: { status: string; ai: number[] }): PictureInput {
  if (o.status !== 'finished' && o.status !== 'aborted') throw new Error('only an ended game may be drawn with its secrets shown');
  const pub = pictureInput(locale, view(s, null), { ai: o.ai, autopilot: [], decider: decider(s) });
  const card = (id: number) => face(s.cards[id]);
  pub.seats.forEach((seat, i) => {
    const p = s.players[i];
    seat.identity = p.identity;
    seat.cards = p.hand.map(card);
    const c = s.chars?.seats[i];
    if (c) {
      seat.character = c.name === null ? null : printedName(c.name);
      if (c.name !== null && !c.faceUp) seat.characterDown = true;
    }
  });
  if (pub.transit && s.transit && !pub.transit.card) {
    pub.transit.card = card(s.transit.card);
    pub.transit.hidden = true;
  }
  pub.stack.forEach((it, k) => {
    const id = s.stack[k].card;
    if (!it.card && id >= 0) Object.assign(it, { card: card(id), hidden: true });
  });
  pub.open = true;
  return pub;
}

/** A digest of what the picture shows: equal digests, equal pictures. */
export function pictureKey(input: PictureInput | string): string {
  return createHash('sha1').update(typeof input === 'string' ? input : pictureText(input)).digest('hex');
}

/**
 * The input as text: what its key digests and what a picture thread is handed (a string crosses to a
 * thread as one copy; the object would be cloned field by field on the event loop, 2.7% of it at 150 games).
 */
export const pictureText = (input: PictureInput): string => JSON.stringify(input);

/** The picture's title (and its alt text's first words): the round, or how the game ended. */
export function pictureTitle(p: PictureInput): string {
  if (p.result) return t(p.locale, 'picture.titleOver');
  return p.aborted ? t(p.locale, 'table.titleAborted') : t(p.locale, 'picture.title', { round: p.round });
}
