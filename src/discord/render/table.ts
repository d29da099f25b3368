// The public table: one channel message, edited as the game goes. Built from the public view
// only, so it cannot show a secret.
import { ButtonStyle, ComponentType, type APIActionRowComponent, type APIButtonComponent, type APIEmbed } from 'discord.js';
import { printedName, type GameView } from '../../engine/index.js';
import { t, type Locale } from '../../i18n/index.js';
import { clipGraphemes, clipGraphemesEnd, nameText } from '../clip.js';
import { encodeId } from '../custom-id.js';
import { cardText, identityText, pendingText, stepText } from './words.js';

export interface TableExtras {
  gameId: number;
  /** Seats the bot plays for their owner after timeouts, and AI seats. */
  autopilot: number[];
  ai: number[];
  /** Discord user ids by seat (null for AI), to name whoever a decision belongs to. */
  users: (string | null)[];
  /** The seat whose own decision the game waits on (engine decider()), or null. */
  decider: number | null;
  /** Recent public event lines, oldest first. */
  recent: string[];
  /** The message carries the table picture (src/picture): the text leaves out what it draws in detail. */
  picture?: boolean;
  actions: number;
  /** The game was stopped by /fengsheng abort (by this user id): a closed table, not a live one. */
  abortedBy?: string;
  /** The game is held (the bot may not post in its channel): it says so instead of whose decision it is. */
  held?: boolean;
  /** The Activity is served: a live table offers 打开牌桌, which opens it. */
  activity?: boolean;
}

export interface TableMessage {
  content: string;
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIButtonComponent>[];
}

const RED = 0xc0392b;
const GREY = 0x7f8c8d;

export function renderTable(l: Locale, v: GameView, x: TableExtras): TableMessage {
  const names = v.players.map((p) => nameText(p.name));
  const lines: string[] = [];
  // A game that is over (or was stopped) shows where everything ended, not what was in motion.
  const closed = v.result !== null || x.abortedBy !== undefined;
  for (const p of v.players) {
    const count = (c: string) => p.intel.filter((i) => i.color === c).length;
    let tags = p.character && (p.faceUp || !p.alive || p.out || v.result) ? t(l, 'table.character', { character: printedName(p.character) }) : '';
    if (!p.alive) tags += t(l, 'table.dead', { identity: p.identity ? identityText(l, p.identity) : '?' });
    else if (p.out) tags += t(l, 'table.out', { identity: p.identity ? identityText(l, p.identity) : '?' });
    if (p.locked && !closed) tags += t(l, 'table.locked');
    if (v.transit?.away.includes(p.seat) && !closed) tags += t(l, 'table.away');
    if (x.ai.includes(p.seat)) tags += t(l, 'table.aiSeat');
    else if (x.autopilot.includes(p.seat)) tags += t(l, 'table.auto');
    const cards = p.intel.length && !x.picture ? `\n   ${p.intel.map((c) => cardText(l, c)).join('、')}` : '';
    lines.push(
      t(l, 'table.seat', {
        marker: closed ? '' : p.seat === v.current ? '▶ ' : '　 ',
        name: names[p.seat],
        tags,
        hand: p.handCount,
        red: count('红'),
        blue: count('蓝'),
        black: count('黑'),
        cards,
      }),
    );
  }
  lines.push('', t(l, 'table.piles', { deck: v.deck, discard: v.discard, removed: v.removed }));
  if (v.transit && !closed) {
    const tr = v.transit;
    lines.push(
      t(l, 'table.transit', {
        from: names[tr.sender],
        mode: t(l, `mode.${tr.mode}`),
        face: tr.card ? cardText(l, tr.card) : t(l, 'table.faceDown'),
        where: names[tr.at],
        dir: tr.mode !== '直达' && tr.dir === -1 ? t(l, 'table.reversed') : '',
      }),
    );
  }
  if (v.stack.length && !closed) {
    const items = v.stack.map((s) => `${names[s.user]}:${s.as}${s.target !== undefined ? `→${names[s.target]}` : ''}`);
    lines.push(t(l, 'table.stack', { items: items.join(' · ') }));
  }
  let content = '';
  if (v.pending && !closed && x.held) content = t(l, 'table.held');
  else if (v.pending && !closed) {
    const deadline = v.pending.deadline ? t(l, 'table.deadline', { at: Math.floor(v.pending.deadline / 1000) }) : '';
    // A response window never says who is still being waited on (docs/rules.md §8b); a decision
    // of one player's names that player (the message is posted without notifying anyone).
    const own = x.decider;
    if (own !== null) {
      const who = x.users[own] ? `<@${x.users[own]}>` : names[own];
      const what = v.pending.kind === 'window' ? t(l, 'ping.play') : pendingText(l, v);
      content = t(l, 'table.waiting', { what, who, deadline });
    } else if (v.pending.kind === 'window') content = t(l, 'table.window', { step: stepText(l, v), deadline });
    else content = t(l, 'table.everyone', { what: pendingText(l, v), deadline });
  }
  // Rounds played: a draw at the round limit is decided as the next round would begin.
  const rounds = v.result?.reason === 'roundLimit' ? Math.min(v.round, v.roundLimit) : v.round;
  if (v.result) {
    const r = v.result;
    lines.push(
      '',
      r.draw ? t(l, 'table.draw', { reason: t(l, `reason.${r.reason}` as 'reason.roundLimit') }) : t(l, 'table.winners', { names: r.winners.map((w) => names[w]).join('、') }),
      ...(r.draw ? [] : [t(l, `how.${r.reason}` as 'how.faction', { count: v.victoryIntel ?? 3 })]),
      ...(r.declarer !== null && r.declarer !== undefined ? [t(l, 'table.declarer', { name: names[r.declarer] })] : []),
      ...(r.alongside?.length ? [t(l, 'table.alongside', { names: r.alongside.map((w) => names[w]).join('、') })] : []),
      t(l, 'table.identities', {
        lines: v.players
          .map((p) =>
            t(l, p.character ? 'table.identityCharLine' : 'table.identityLine', { name: names[p.seat], identity: p.identity ? identityText(l, p.identity) : '?', character: p.character ? printedName(p.character) : '' }),
          )
          .join('\n'),
      }),
      t(l, 'table.summary', { rounds, actions: x.actions }),
    );
  } else if (x.abortedBy !== undefined) lines.push('', t(l, 'table.abortedBy', { who: `<@${x.abortedBy}>` }), t(l, 'table.summary', { rounds, actions: x.actions }));
  const embed: APIEmbed = {
    title: v.result ? t(l, 'table.titleOver') : x.abortedBy !== undefined ? t(l, 'table.titleAborted') : t(l, 'table.title', { round: v.round }),
    description: (closed ? '' : t(l, 'table.turn', { name: names[v.current] }) + '\n\n') + lines.join('\n'),
    color: closed ? GREY : RED,
  };
  if (x.recent.length) embed.fields = [{ name: t(l, 'table.recent'), value: clip(x.recent.join('\n'), 1024, true) }];
  embed.description = clip(embed.description!, 4096, false);
  const components: APIActionRowComponent<APIButtonComponent>[] = [];
  // A closed table offers its replay (src/discord/replay.ts: nothing is secret any more) and, to its
  // host, another game with the same players (handlers/lobby.ts rematch).
  if (closed)
    components.push({
      type: ComponentType.ActionRow,
      components: [
        { type: ComponentType.Button, style: ButtonStyle.Secondary, label: t(l, 'btn.replay'), custom_id: encodeId(x.gameId, 0, 'replay') },
        { type: ComponentType.Button, style: ButtonStyle.Primary, label: t(l, 'btn.rematch'), custom_id: encodeId(x.gameId, 0, 'rematch') },
      ],
    });
  else {
    const opened = v.pending ? openedOf(v) : 0;
    components.push({
      type: ComponentType.ActionRow,
      components: [
        { type: ComponentType.Button, style: ButtonStyle.Primary, label: t(l, 'btn.info'), custom_id: encodeId(x.gameId, 0, 'info') },
        { type: ComponentType.Button, style: ButtonStyle.Secondary, label: t(l, 'btn.log'), custom_id: encodeId(x.gameId, 0, 'log') },
        ...(v.pending?.kind === 'window'
          ? [{ type: ComponentType.Button, style: ButtonStyle.Secondary, label: t(l, 'btn.pass'), custom_id: encodeId(x.gameId, opened, 'pass') } as APIButtonComponent]
          : []),
        ...(x.activity ? [{ type: ComponentType.Button, style: ButtonStyle.Success, label: t(l, 'btn.activity'), custom_id: encodeId(x.gameId, 0, 'launch') } as APIButtonComponent] : []),
      ],
    });
  }
  return { content, embeds: [embed], components };
}

function openedOf(v: GameView): number {
  return v.pending?.opened ?? v.version;
}


/**
 * Keeps the end (the newest lines) of a log, or the start of a description, within `max` characters,
 * cut between characters as people see them (a UTF-16 slice split the emoji of a seat's name).
 */
export function clip(s: string, max: number, keepEnd: boolean): string {
  if ([...s].length <= max) return s;
  return keepEnd ? '…' + clipGraphemesEnd(s, max - 1) : clipGraphemes(s, max - 1) + '…';
}
