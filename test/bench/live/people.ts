// Scripted people at a table, as a person plays: they read the table message (it names whoever a
// decision belongs to, and says when everyone chooses), open their own 我的信息 panel with the
// table's button, keep it open (the bot refreshes it), and click what it offers after a human pause
// of 0.3–1.5 s on the real clock. In a response window that is not theirs they pass when their panel
// offers them something; in a decision of their own they pass seven times in ten where they may (as
// test/bot/play.ts's actOnPanel does), else pick one of the choices at random.
import type { ChannelRecord, MessageRecord, SeenMessage, StandIn, UserRecord } from '../../support/discord/index.js';
import { seenMessage } from '../../support/discord/view.js';
import { answerOwn } from '../../bot/people.js';
import type { BotTable } from '../../bot/harness.js';
import type { Observer } from './observer.js';

/** The verbs of a panel that answer a decision (src/discord/handlers/game.ts's PICKS). */
const ACTS = new Set(['pass', 'take', 'refuse', 'choose', 'play', 'act', 'group', 'send']);
const PAUSE_MS: [number, number] = [300, 1500];

const verbOf = (customId: string | null | undefined) => customId?.split(':')[3] ?? '';
const versionOf = (customId: string) => customId.split(':')[2];

/** The decision version a panel offers answers for, or null. */
export function offered(panel: SeenMessage): string | null {
  for (const b of panel.buttons) if (b.customId && !b.disabled && ACTS.has(verbOf(b.customId))) return versionOf(b.customId);
  for (const s of panel.selects) if (!s.disabled && s.options.length && ACTS.has(verbOf(s.customId))) return versionOf(s.customId);
  return null;
}

export interface PeopleStats {
  /** Clicks that failed (3-second rule, or no answer in a minute), and other script errors. */
  errors: number;
  lastError: string;
}

/** Random numbers for the pauses and choices: seeded, so a run's script is the same each time. */
export type Random = () => number;

export class Person {
  panelId: string | null = null;
  private readonly answered = new Set<string>();
  private openedFor = '';
  /** What the table said when this person last answered: until it says something else, they know it is done. */
  private answeredAt = '';
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  private dirty = false;
  stopped = false;
  /** Away until then (Date.now()): they look at nothing and click nothing. */
  awayUntil = 0;

  constructor(
    readonly user: UserRecord,
    private readonly at: Table,
  ) {}

  /** Something this person can see changed: look again. */
  poke(): void {
    if (this.stopped) return;
    const away = this.awayUntil - Date.now();
    if (away > 0) {
      this.timer ??= setTimeout(() => {
        this.timer = null;
        this.poke();
      }, away);
      return;
    }
    if (this.busy) {
      this.dirty = true;
      return;
    }
    if (this.timer) return;
    const table = this.at.observer.table(this.at.channel.id);
    if (!table) return;
    if (isOver(table)) return this.stop();
    const panel = this.panel();
    const version = panel && offered(panel);
    if (version && !this.answered.has(version)) return this.after(() => this.answer(version));
    const look = `${table.id}:${table.revision}`;
    if (asks(table, this.user.id) && this.openedFor !== look && table.content !== this.answeredAt && (!version || this.answered.has(version))) {
      this.openedFor = look;
      this.after(() => this.open());
    }
  }

  /**
   * The game goes on after a pause (its channel says 本局继续): a click the bot could not save (it said
   * 恢复后请再点一次) is made again, as its player was asked; one that counted is no longer offered.
   */
  retry(): void {
    this.answered.clear();
    this.answeredAt = '';
    this.openedFor = '';
    this.poke();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.panelId) this.at.observer.unwatchMessage(this.panelId);
  }

  private panel(): SeenMessage | null {
    const m = this.panelId ? this.at.discord.world.messages.get(this.panelId) : undefined;
    return m && !m.deleted ? seenMessage(this.at.discord.world, m) : null;
  }

  private after(work: () => Promise<void>): void {
    const [lo, hi] = PAUSE_MS;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        if (this.stopped) return;
        this.busy = true;
        work()
          .catch((err: unknown) => this.at.failed(err))
          .finally(() => {
            this.busy = false;
            // Whatever changed meanwhile (or the answer itself) is looked at again.
            this.dirty = false;
            this.poke();
          });
      },
      lo + this.at.random() * (hi - lo),
    );
  }

  /** Opens 我的信息 from the table's button; the answer is the panel kept from now on. */
  private async open(): Promise<void> {
    const table = this.at.observer.table(this.at.channel.id);
    const info = table && seenMessage(this.at.discord.world, table).buttons.find((b) => verbOf(b.customId) === 'info');
    if (!table || !info) return;
    const panel = await this.at.click(this.user, { customId: info.customId!, messageId: table.id });
    if (this.panelId !== panel.id) {
      if (this.panelId) this.at.observer.unwatchMessage(this.panelId);
      this.panelId = panel.id;
      this.at.observer.watchMessage(panel.id, () => this.poke());
    }
  }

  private async answer(version: string): Promise<void> {
    let panel = this.panel();
    if (!panel || offered(panel) !== version) return;
    this.answered.add(version);
    const table = this.at.observer.table(this.at.channel.id);
    this.answeredAt = table?.content ?? '';
    const own = !!table && asks(table, this.user.id);
    const pass = panel.buttons.find((b) => verbOf(b.customId) === 'pass' && !b.disabled);
    if (pass && (!own || this.at.random() < 0.7)) {
      await this.at.click(this.user, { customId: pass.customId!, messageId: panel.id });
      return;
    }
    // A choice at random; a menu's option may open a second step (targets, or a skill's choices).
    for (let depth = 0; depth < 3 && panel && offered(panel) === version; depth++) {
      const buttons = panel.buttons.filter((b) => b.customId && !b.disabled && ACTS.has(verbOf(b.customId)) && verbOf(b.customId) !== 'pass');
      const selects = panel.selects.filter((s) => !s.disabled && s.options.length && ACTS.has(verbOf(s.customId)));
      const n = buttons.length + selects.length;
      if (!n) {
        // Nothing but what answerOwn knows how to answer (test/bot/people.ts).
        await answerOwn(this.at.asTable(), this.user, panel);
        return;
      }
      const k = Math.floor(this.at.random() * n);
      if (k < buttons.length) {
        await this.at.click(this.user, { customId: buttons[k].customId!, messageId: panel.id });
        return;
      }
      const s = selects[k - buttons.length];
      const option = s.options[Math.floor(this.at.random() * s.options.length)];
      panel = await this.at.choose(this.user, { customId: s.customId, messageId: panel.id }, [option.value]);
    }
  }
}

/** Whether the table asks this user: it names them, or asks everyone (choosing characters). */
export function asks(table: MessageRecord, userId: string): boolean {
  return table.content.includes(`<@${userId}>`) || (table.content.startsWith('等待：') && !table.content.includes('<@'));
}

export function isOver(table: MessageRecord): boolean {
  return (table.embeds[0]?.title ?? '').includes('游戏结束');
}

/** One game's channel and its five people. */
export class Table {
  readonly people: Person[];

  constructor(
    readonly discord: StandIn,
    readonly observer: Observer,
    readonly channel: ChannelRecord,
    users: UserRecord[],
    readonly random: Random,
    private readonly stats: PeopleStats,
  ) {
    this.people = users.map((u) => new Person(u, this));
  }

  start(): void {
    for (const p of this.people) p.poke();
  }

  /** The table changed: everyone looks. */
  changed(): void {
    for (const p of this.people) p.poke();
  }

  stop(): void {
    for (const p of this.people) p.stop();
  }

  /** The channel said the game goes on after a pause: everyone makes again what did not count. */
  resumed(): void {
    for (const p of this.people) p.retry();
  }

  failed(err: unknown): void {
    this.stats.errors++;
    this.stats.lastError = String((err as Error)?.message ?? err).slice(0, 300);
  }

  click(u: UserRecord, target: { customId: string; messageId: string }): Promise<SeenMessage> {
    return this.observer.response(this.discord.click(u, target));
  }

  choose(u: UserRecord, target: { customId: string; messageId: string }, values: string[]): Promise<SeenMessage> {
    return this.observer.response(this.discord.choose(u, target, values));
  }

  /** This table as test/bot's helpers take it: only its `discord` is used, with clicks answered through the observer. */
  asTable(): BotTable {
    const discord = {
      click: (u: UserRecord, target: { customId: string; messageId: string }) => ({ response: () => this.click(u, target) }),
      choose: (u: UserRecord, target: { customId: string; messageId: string }, values: string[]) => ({ response: () => this.choose(u, target, values) }),
    };
    return { discord } as unknown as BotTable;
  }
}
