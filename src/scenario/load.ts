// Reading a scenario file (docs/scenarios.md) into a game state laid out as it says.
import { beginAt, CARD_NAMES, CHARACTERS, COLORS, DEFAULT_OPTIONS, EDITION_NAMES, EDITIONS, editionCards, IDENTITIES, MODES, tableAt, tableSizeRefusal } from '../engine/index.js';
import { seedRng } from '../engine/rng.js';
import type { Card, CardName, CharacterName, CharState, Color, Edition, GameEvent, GameState, Identity, Mode, Options, ProbeBranch } from '../engine/types.js';

export class ScenarioError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    detail: string,
  ) {
    super(`${file}: field "${field}": ${detail}`);
  }
}

export type Step = Record<string, unknown>;

export interface Scenario {
  file: string;
  title: string;
  names: string[];
  state: GameState;
  events: GameEvent[];
  steps: Step[];
  expect?: Record<string, unknown>;
}

const BARE: Record<string, CardName> = { 红: '锁定', 蓝: '锁定', 黑: '锁定' };

/** "锁定 红 密电" or "试探 红 密电 潜伏战线 抽二"; in intel a bare colour is allowed. */
export function parseCard(text: unknown, field: string, file: string, bareColour = false, edition: Edition = 'standard'): Card {
  if (typeof text !== 'string') throw new ScenarioError(file, field, 'a card is a string like "锁定 红 密电"');
  const parts = text.trim().split(/\s+/);
  if (bareColour && parts.length === 1 && (COLORS as string[]).includes(parts[0]))
    return { name: BARE[parts[0]], color: parts[0] as Color, mode: '密电' };
  const [name, color, mode, identity, branch] = parts;
  if (!(CARD_NAMES as string[]).includes(name)) throw new ScenarioError(file, field, `unknown card name "${name}"`);
  if (!editionCards(edition).includes(name as CardName))
    throw new ScenarioError(file, field, `"${name}" is not a card of the ${edition} edition`);
  if (!(COLORS as string[]).includes(color)) throw new ScenarioError(file, field, `"${text}": colour must be 红, 蓝 or 黑`);
  if (!(MODES as string[]).includes(mode)) throw new ScenarioError(file, field, `"${text}": mode must be 密电, 直达 or 文本`);
  const card: Card = { name: name as CardName, color: color as Color, mode: mode as Mode };
  if (name === '试探') {
    const id = identity === '军情局' ? '军情处' : identity;
    if (!(IDENTITIES as string[]).includes(id)) throw new ScenarioError(file, field, `"${text}": a 试探 names the identity it bets on`);
    const branches = EDITIONS[edition].probe.branches;
    if (!(branches as readonly string[]).includes(branch))
      throw new ScenarioError(file, field, `"${text}": a 试探 of this edition ends in ${branches.join(' or ')}`);
    card.probe = { identity: id as Identity, branch: branch as ProbeBranch };
  } else if (parts.length !== 3) throw new ScenarioError(file, field, `"${text}": expected "名称 颜色 模式"`);
  return card;
}

function list(v: unknown, field: string, file: string): unknown[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new ScenarioError(file, field, 'must be a list');
  return v;
}

export function loadScenario(raw: unknown, file: string): Scenario {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ScenarioError(file, '(root)', 'must be a JSON object');
  const o = raw as Record<string, unknown>;
  if (typeof o.title !== 'string' || !o.title) throw new ScenarioError(file, 'title', 'must be a non-empty string');
  if (o.edition !== undefined && !(EDITION_NAMES as unknown[]).includes(o.edition))
    throw new ScenarioError(file, 'edition', `must be ${EDITION_NAMES.map((e) => `"${e}"`).join(', ')}`);
  const edition = (o.edition ?? 'standard') as Edition;
  const seed = o.seed ?? 1;
  if (typeof seed !== 'number' || !Number.isInteger(seed)) throw new ScenarioError(file, 'seed', 'must be an integer');
  const rawPlayers = list(o.players, 'players', file);
  if (rawPlayers.length < 2 || rawPlayers.length > 9) throw new ScenarioError(file, 'players', 'must list 2 to 9 players');
  // Hand-laid tables of the 3–9 player editions may be smaller (2 players); 千智风声's may not (§12).
  const size = edition === 'qianzhi' ? tableSizeRefusal(edition, rawPlayers.length) : null;
  if (size) throw new ScenarioError(file, 'players', size);

  const cards: Card[] = [];
  const add = (c: Card) => cards.push(c) - 1;
  const names: string[] = [];
  const seatChars: CharState['seats'] = rawPlayers.map(() => ({ name: null, faceUp: false, offers: [], shown: false }));
  const players = rawPlayers.map((rp, i) => {
    const f = `players[${i}]`;
    if (!rp || typeof rp !== 'object') throw new ScenarioError(file, f, 'must be an object');
    const p = rp as Record<string, unknown>;
    if (typeof p.name !== 'string' || !p.name) throw new ScenarioError(file, `${f}.name`, 'must be a non-empty string');
    if (names.includes(p.name)) throw new ScenarioError(file, `${f}.name`, `"${p.name}" appears twice`);
    names.push(p.name);
    const identity = p.identity === '军情局' ? '军情处' : p.identity;
    if (!(IDENTITIES as unknown[]).includes(identity))
      throw new ScenarioError(file, `${f}.identity`, 'must be 潜伏战线, 军情处 (军情局) or 打酱油的');
    if (p.character !== undefined && !(typeof p.character === 'string' && p.character in CHARACTERS))
      throw new ScenarioError(file, `${f}.character`, `unknown character (known: ${Object.keys(CHARACTERS).join(', ')})`);
    if (p.faceUp !== undefined && (typeof p.faceUp !== 'boolean' || p.character === undefined))
      throw new ScenarioError(file, `${f}.faceUp`, 'must be true or false, with a character');
    if (p.character !== undefined) {
      const name = p.character as CharacterName;
      seatChars[i] = { name, faceUp: (p.faceUp as boolean | undefined) ?? !CHARACTERS[name].hidden, offers: [], shown: false };
    }
    return {
      name: p.name,
      identity: identity as Identity,
      alive: true,
      out: false,
      hand: list(p.hand, `${f}.hand`, file).map((c, k) => add(parseCard(c, `${f}.hand[${k}]`, file, false, edition))),
      intel: list(p.intel, `${f}.intel`, file).map((c, k) => add(parseCard(c, `${f}.intel[${k}]`, file, true, edition))),
    };
  });
  // The file lists the deck top first; the engine draws from the end.
  const deck = list(o.deck, 'deck', file)
    .map((c, k) => add(parseCard(c, `deck[${k}]`, file, false, edition)))
    .reverse();
  const discard = list(o.discard, 'discard', file).map((c, k) => add(parseCard(c, `discard[${k}]`, file, false, edition)));
  const current = o.current === undefined ? 0 : names.indexOf(o.current as string);
  if (current < 0) throw new ScenarioError(file, 'current', `"${String(o.current)}" is not a player`);
  const start = o.start ?? 'draw';
  if (start !== 'draw' && start !== 'play') throw new ScenarioError(file, 'start', 'must be "draw" or "play"');
  const rawOptions = o.options ?? {};
  if (typeof rawOptions !== 'object' || Array.isArray(rawOptions)) throw new ScenarioError(file, 'options', 'must be an object');
  const options: Options = { ...DEFAULT_OPTIONS };
  for (const [k, v] of Object.entries(rawOptions as Record<string, unknown>)) {
    if (!(k in options)) throw new ScenarioError(file, `options.${k}`, 'unknown option');
    if (typeof v !== typeof options[k as keyof Options]) throw new ScenarioError(file, `options.${k}`, `must be a ${typeof options[k as keyof Options]}`);
    (options as unknown as Record<string, unknown>)[k] = v;
  }
  const steps = list(o.steps, 'steps', file).map((st, i) => {
    if (!st || typeof st !== 'object' || Array.isArray(st)) throw new ScenarioError(file, `steps[${i}]`, 'must be an object');
    return st as Step;
  });
  if (o.expect !== undefined && (typeof o.expect !== 'object' || Array.isArray(o.expect)))
    throw new ScenarioError(file, 'expect', 'must be an object');

  const state = tableAt({ edition, options, rng: seedRng(seed), cards, players, deck, discard, current });
  // A seat without `character` has none; with no character at all the game has none (as before).
  if (seatChars.some((x) => x.name !== null)) state.chars = { seats: seatChars, queue: [], holding: false, held: null, deaths: 0 };
  const begun = beginAt(state, start);
  return {
    file,
    title: o.title,
    names,
    state: begun.state,
    events: begun.events,
    steps,
    expect: o.expect as Record<string, unknown> | undefined,
  };
}
