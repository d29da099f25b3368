// The three editions (docs/rules.md §3, §12): what each one changes, in one table. The core reads
// an edition's table here; a card whose timing or effect differs in an edition says so in its own
// file (`CardRule.editions`, cards/rule.ts): 锁定, 烧毁 and 真伪莫辨 have a 千智 variant. The cards only
// 千智 has (转移, 调包, 增援, 博弈, 权衡) are in its deck alone.
import type { CardName, Edition, GameState, Mode, ProbeBranch } from './types.js';

/** A card of a deck: its name, how many 红/蓝/黑, its passing mode. */
export type DeckRow = [CardName, number, number, number, Mode];

export interface EditionDef {
  /** Its name in the texts, for messages. */
  label: string;
  /** The deck, by name, colour and mode. */
  deck: DeckRow[];
  /** Table sizes it is played at. */
  players: readonly number[];
  /**
   * 试探: its two kinds of card (a draw one, 抽二 or 抽一, and a discard one), and how many cards the
   * user draws once a right bet is answered.
   */
  probe: { branches: readonly [ProbeBranch, ProbeBranch]; userDraws: number };
  /** 出牌阶段(2) after the intel is taken; without it the turn ends there (004). */
  secondPlay: boolean;
  /** Cards discarded from a hand are shown to everyone (004: 弃牌采用明弃); else face down (暗弃). */
  openDiscards: boolean;
}

const ANY_TABLE = [3, 4, 5, 6, 7, 8, 9] as const;
const PROBE_003 = { branches: ['抽二', '弃一'], userDraws: 0 } as const;

export const EDITIONS: Record<Edition, EditionDef> = {
  /** 标准版, from 003_…: counts 红/蓝/黑 and the passing mode. */
  standard: {
    label: '标准版',
    deck: [
      ['锁定', 5, 5, 4, '密电'],
      ['调虎离山', 2, 2, 4, '密电'],
      ['截获', 1, 1, 6, '直达'],
      ['退回', 2, 2, 2, '文本'],
      ['破译', 3, 3, 1, '密电'],
      ['烧毁', 1, 1, 4, '直达'],
      ['识破', 3, 3, 6, '直达'],
      ['试探', 6, 6, 6, '密电'],
      ['真伪莫辨', 1, 1, 0, '文本'],
    ],
    players: ANY_TABLE,
    probe: PROBE_003,
    secondPlay: true,
    openDiscards: false,
  },
  /** 推广版, counts from 002_…/003_…, modes from 002_… (docs/rules.md §3). */
  promo: {
    label: '推广版',
    deck: [
      ['锁定', 3, 3, 6, '直达'],
      ['调虎离山', 2, 2, 2, '文本'],
      ['截获', 1, 1, 6, '密电'],
      ['退回', 3, 3, 2, '文本'],
      ['破译', 2, 2, 2, '密电'],
      ['烧毁', 2, 2, 2, '直达'],
      ['识破', 5, 5, 4, '直达'],
      ['试探', 6, 6, 6, '密电'],
      ['真伪莫辨', 1, 1, 1, '文本'],
    ],
    players: ANY_TABLE,
    probe: PROBE_003,
    secondPlay: true,
    openDiscards: false,
  },
  /**
   * 千智风声, the online edition (004_…, docs/rules.md §12): 108 cards, no 退回, five new cards; 5 or 6
   * players; no 出牌阶段(2); discards face up; a simpler 试探 (the target draws or discards one, the
   * user draws one).
   */
  qianzhi: {
    label: '千智风声',
    deck: [
      ['破译', 3, 3, 4, '密电'],
      ['锁定', 6, 6, 6, '密电'],
      ['截获', 2, 2, 9, '直达'],
      ['烧毁', 2, 2, 3, '直达'],
      ['转移', 3, 3, 2, '直达'],
      ['调虎离山', 3, 3, 5, '文本'],
      ['识破', 1, 1, 3, '直达'],
      ['真伪莫辨', 1, 1, 0, '密电'],
      ['调包', 2, 2, 4, '文本'],
      ['增援', 1, 1, 2, '密电'],
      ['博弈', 0, 0, 2, '直达'],
      ['权衡', 0, 0, 2, '直达'],
      ['试探', 6, 6, 6, '密电'],
    ],
    players: [5, 6],
    probe: { branches: ['抽一', '弃一'], userDraws: 1 },
    secondPlay: false,
    openDiscards: true,
  },
};

export const EDITION_NAMES = Object.keys(EDITIONS) as Edition[];

export const editionOf = (s: GameState): EditionDef => EDITIONS[s.edition];

/** Why an edition cannot be played by `count` players (English, for errors and logs), or null. */
export function tableSizeRefusal(edition: Edition, count: number): string | null {
  const sizes = EDITIONS[edition].players;
  if (sizes.includes(count)) return null;
  const range = sizes.length === 2 ? `${sizes[0]} or ${sizes[1]}` : `${sizes[0]} to ${sizes[sizes.length - 1]}`;
  return `${EDITIONS[edition].label} (${edition}) is played by ${range} players, not ${count}`;
}

/** The card names an edition's deck has. */
export const editionCards = (edition: Edition): CardName[] => EDITIONS[edition].deck.map((r) => r[0]);
