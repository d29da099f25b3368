import type { Server } from 'node:http';
import { launchOrJoin, leave, type ActivityInstanceRecord } from './activity-instances.js';
import { ManualClock, type Clock } from './clock.js';
import type { OptionInput } from './commands.js';
import type { Gateway } from './gateway.js';
import type { Interactions } from './interactions.js';
import type { StandInParts } from './messages.js';
import type { ActivityLaunch, ChannelRecord, GuildRecord, InteractionRecord, MessageRecord, Notice, NotificationRecord, RoleRecord, UserRecord, World } from './model.js';
import { choose, click, forgeClick, InteractionHandle, runCommand, type ButtonTarget, type SelectTarget } from './players.js';
import type { FaultRule, Faults, HeldRequest, RateLimitRule } from './faults.js';
import type { InvalidRequests } from './invalid-requests.js';
import type { OAuth2 } from './oauth2.js';
import type { RouteBuckets } from './route-buckets.js';
import {
  addMember,
  createChannel,
  deleteChannel,
  hideChannel,
  denyBot,
  createGuild,
  createRole,
  createUser,
  openDm,
  setMemberRole,
  StandInUsageError,
  updateUser,
  type NewGuild,
  type NewRole,
  type NewUser,
} from './setup.js';
import { deleteMessage, postAsUser } from './messages.js';
import { describeMessage, userView, type SeenMessage, type UserView } from './view.js';
import { waitForWorld, type WaitOptions } from './wait.js';

type Ref<T> = T | string;

export interface StandInInit {
  world: World;
  gateway: Gateway;
  interactions: Interactions;
  faults: Faults;
  buckets: RouteBuckets;
  invalid: InvalidRequests;
  clock: Clock;
  ownsClock: boolean;
  token: string;
  server: Server;
  baseUrl: string;
  oauth2: OAuth2;
}

export interface LimitStats {
  scale: number;
  globalPerSecond: number;
  globalCounted: number;
  globalLimited: number;
  routeLimited: number;
  /** In the sliding window. */
  invalidRequests: number;
  invalidRequestsTotal: number;
  invalidRequestMax: number;
  bans: number;
  banLeftMs: number;
}

/**
 * The in-process face of the stand-in: set up a world, act as players, and
 * read what each player sees. Every method here has a control API twin.
 */
export class StandIn {
  readonly world: World;
  readonly gateway: Gateway;
  readonly interactions: Interactions;
  /** The answers a test asked for (`fault`, `rateLimit`), still to be given. */
  readonly faults: Faults;
  /** Discord's per-route buckets and global limit (route-buckets.ts). */
  readonly buckets: RouteBuckets;
  /** Discord's invalid request limit (invalid-requests.ts). */
  readonly invalid: InvalidRequests;
  readonly clock: Clock;
  readonly token: string;
  /** http://127.0.0.1:PORT */
  readonly url: string;
  private readonly server: Server;
  private readonly ownsClock: boolean;
  private closed = false;

  constructor(init: StandInInit) {
    this.world = init.world;
    this.gateway = init.gateway;
    this.interactions = init.interactions;
    this.faults = init.faults;
    this.buckets = init.buckets;
    this.invalid = init.invalid;
    this.clock = init.clock;
    this.ownsClock = init.ownsClock;
    this.token = init.token;
    this.server = init.server;
    this.url = init.baseUrl;
    this.oauth2 = init.oauth2;
  }

  /** OAuth2 for Activities: the application's secret, codes, tokens (oauth2.ts). */
  readonly oauth2: OAuth2;

  /**
   * Activities enabled in the Developer Portal: interactions may be answered with LAUNCH_ACTIVITY, and
   * Discord makes the application's default entry point command (Launch, handled by Discord itself).
   */
  enableActivities(): void {
    const { world } = this;
    world.activities = true;
    if ([...world.commands.values()].some((c) => c.guildId === null && c.data.type === 4)) return;
    const id = world.ids.next();
    world.commands.set(id, { id, guildId: null, version: world.ids.next(), data: { type: 4, name: 'launch', name_localizations: null, description: 'Launch an activity', description_localizations: null, handler: 2, default_member_permissions: null, nsfw: false, dm_permission: true, contexts: null, integration_types: [0, 1] } });
    world.changed({ kind: 'commands', id: 'global' });
  }

  /** The Activities launched so far, oldest first. */
  get launches(): readonly ActivityLaunch[] {
    return this.world.launches;
  }

  /** The user opens the Activity in a channel from their client (the App Launcher, the entry point): they join the
   * instance running there, or launch one. Its id is what the Embedded App SDK gives the page (`instanceId`). */
  launchActivity(user: Ref<UserRecord>, channel: Ref<ChannelRecord>): string {
    const { world } = this;
    const userId = typeof user === 'string' ? user : user.id;
    const record = world.channels.get(typeof channel === 'string' ? channel : channel.id);
    if (!world.activities) throw new StandInUsageError('Activities are not enabled for the application (enableActivities)');
    if (!record || !world.canSeeChannel(userId, record)) throw new StandInUsageError(`user ${userId} cannot open an Activity in that channel`);
    return launchOrJoin(world, userId, record).instanceId;
  }

  /** The user closes the Activity; an instance ends with its last user (then Discord answers 404 for it). */
  leaveActivity(user: Ref<UserRecord>, instanceId: string): void {
    leave(this.world, typeof user === 'string' ? user : user.id, instanceId);
  }

  /** The Activity instances running now. */
  get activityInstances(): readonly ActivityInstanceRecord[] {
    return [...this.world.activityInstances.values()];
  }

  /**
   * What the Discord client does for an Activity's `authorize` (the Embedded App SDK's command) when
   * the user is signed in: a code for this application, to be exchanged at /oauth2/token.
   */
  authorize(user: Ref<UserRecord>, scopes: string[] = ['identify', 'guilds']): string {
    const id = typeof user === 'string' ? user : user.id;
    if (!this.world.user(id)) throw new StandInUsageError(`no user ${id}`);
    return this.oauth2.authorize(id, this.world.applicationId, scopes);
  }

  /** What the bot passes as discord.js's `rest.api` (DISCORD_API_BASE); discord.js appends /v10. */
  get apiBase(): string {
    return `${this.url}/api`;
  }

  get gatewayUrl(): string {
    return `${this.url.replace(/^http/, 'ws')}/gateway`;
  }

  get controlUrl(): string {
    return `${this.url}/control`;
  }

  get applicationId(): string {
    return this.world.applicationId;
  }

  get bot(): UserRecord {
    return this.world.bot;
  }

  /** Requests that counted toward the bot's global limit (every one but the interaction endpoints'), since the start. */
  get globalCounted(): number {
    return this.buckets.globalCounted;
  }

  /** Answers of 401, 403 and 429 (but 429s of scope `shared`) in the last 10 minutes, as Discord counts toward a ban. */
  get invalidRequests(): number {
    return this.invalid.count;
  }

  /** Whether the stand-in is answering every API request as Cloudflare answers a banned IP. */
  get banned(): boolean {
    return this.invalid.banLeftMs > 0;
  }

  /** The limits' counters, as `GET /control/limits` gives them. */
  limitStats(): LimitStats {
    return {
      scale: this.buckets.scale,
      globalPerSecond: this.buckets.globalPerSecond,
      globalCounted: this.buckets.globalCounted,
      globalLimited: this.buckets.globalLimited,
      routeLimited: this.buckets.routeLimited,
      invalidRequests: this.invalid.count,
      invalidRequestsTotal: this.invalid.total,
      invalidRequestMax: this.invalid.max,
      bans: this.invalid.bans,
      banLeftMs: Math.ceil(this.invalid.banLeftMs),
    };
  }

  private get parts(): StandInParts {
    return { world: this.world, gateway: this.gateway };
  }

  /** Environment for the bot process: token, application id, and the API base. */
  env(): Record<string, string> {
    return {
      DISCORD_TOKEN: this.token,
      DISCORD_APPLICATION_ID: this.applicationId,
      DISCORD_API_BASE: this.apiBase,
    };
  }

  // --- setting up the world -------------------------------------------------

  createUser(spec: NewUser = {}): UserRecord {
    return createUser(this.parts, spec);
  }

  /** `dmsOpen: false` is a user who closed DMs from server members (sends fail with 50007). */
  updateUser(user: Ref<UserRecord>, patch: Pick<NewUser, 'dmsOpen' | 'locale'>): UserRecord {
    return updateUser(this.parts, this.user(user), patch);
  }

  closeDms(user: Ref<UserRecord>): UserRecord {
    return this.updateUser(user, { dmsOpen: false });
  }

  /** A guild the bot is in, with a #general channel unless `channels` says otherwise. */
  createGuild(spec: NewGuild = {}): GuildRecord {
    return createGuild(this.parts, spec);
  }

  addMember(guild: Ref<GuildRecord>, user: Ref<UserRecord>): void {
    addMember(this.parts, this.guild(guild), this.user(user));
  }

  createChannel(guild: Ref<GuildRecord>, name: string): ChannelRecord {
    return createChannel(this.parts, this.guild(guild), name);
  }

  /** A server's admin deletes a channel (its threads with it) or a thread (setup.ts deleteChannel). */
  deleteChannel(channel: Ref<ChannelRecord>): void {
    deleteChannel(this.parts, this.channelRef(channel));
  }

  /** A role, e.g. `{ name: 'Mods', permissions: Permission.ManageGuild }`; the guild's owner needs none. */
  createRole(guild: Ref<GuildRecord>, spec: NewRole = {}): RoleRecord {
    return createRole(this.parts, this.guild(guild), spec);
  }

  giveRole(guild: Ref<GuildRecord>, user: Ref<UserRecord>, role: RoleRecord | string): void {
    const g = this.guild(guild);
    setMemberRole(this.parts, g, this.user(user), this.role(g, role), true);
  }

  takeRole(guild: Ref<GuildRecord>, user: Ref<UserRecord>, role: RoleRecord | string): void {
    const g = this.guild(guild);
    setMemberRole(this.parts, g, this.user(user), this.role(g, role), false);
  }

  /** A guild's text channel by name. */
  channel(guild: Ref<GuildRecord>, name: string): ChannelRecord {
    const g = this.guild(guild);
    const found = g.channelIds.map((id) => this.world.channels.get(id)!).find((c) => c.name === name);
    if (!found) throw new StandInUsageError(`Guild ${g.name} has no channel #${name}`);
    return found;
  }

  /** The threads started in a text channel, oldest first. */
  threadsOf(channel: Ref<ChannelRecord>): ChannelRecord[] {
    const parent = this.channelRef(channel);
    return [...this.world.channels.values()].filter((c) => c.kind === 'thread' && c.parentId === parent.id);
  }

  /** Takes from the bot 创建公开子区 (Create Public Threads) in a channel, as a permission overwrite would. */
  denyThreads(channel: Ref<ChannelRecord>): void {
    this.channelRef(channel).noThreads = true;
  }

  /** The user who owns the bot's application (who runs the bot), as the Developer Portal says. */
  setApplicationOwner(user: Ref<UserRecord>): void {
    this.world.ownerId = this.user(user).id;
  }

  /**
   * Makes a text channel private, as a server's admin does with overwrites: only `viewers` (and the
   * owner, Administrators, the bot) see it and its threads; the bot is told by CHANNEL_UPDATE.
   */
  hideChannel(channel: Ref<ChannelRecord>, viewers: Ref<UserRecord>[]): void {
    hideChannel(this.parts, this.channelRef(channel), viewers.map((u) => this.user(u)));
  }

  /**
   * An overwrite on the bot's member in a text channel (and its threads), as a server's admin sets it:
   * `view` denies 查看频道 (every channel route answers Missing Access), `send` denies 发送消息 (posts
   * answer Missing Permissions); null lifts it. The bot is told by CHANNEL_UPDATE.
   */
  denyBot(channel: Ref<ChannelRecord>, what: 'view' | 'send' | null): void {
    denyBot(this.parts, this.channelRef(channel), what);
  }

  /** The user's DM channel with the bot (opened if needed). */
  dmChannel(user: Ref<UserRecord>): ChannelRecord {
    return openDm(this.parts, this.user(user));
  }

  // --- acting as players ----------------------------------------------------

  /**
   * Runs `/line` as `user` in `channel` ('dm' for the user's DM with the bot).
   * `line` may name sub-commands ("game start"); names may be localized in
   * the user's locale, as they would type them.
   */
  runCommand(
    user: Ref<UserRecord>,
    channel: Ref<ChannelRecord> | 'dm',
    line: string,
    options: OptionInput = {},
    settings: { locale?: string } = {},
  ): InteractionHandle {
    const u = this.user(user);
    const c = channel === 'dm' ? this.dmChannel(u) : this.channelRef(channel);
    return runCommand(this.world, this.interactions, u, c, line, options, settings.locale ?? u.locale);
  }

  /** `user` writes `content` in a channel, as people chat while a game is on. */
  say(user: Ref<UserRecord>, channel: Ref<ChannelRecord>, content: string): MessageRecord {
    return postAsUser(this.parts, this.user(user), this.channelRef(channel), content);
  }

  /** Its author deletes a message `say` made (the bot receives MESSAGE_DELETE). */
  unsay(message: MessageRecord): void {
    if (!message.deleted) deleteMessage(this.parts, message);
  }

  click(user: Ref<UserRecord>, target: ButtonTarget): InteractionHandle {
    return click(this.world, this.interactions, this.user(user), target);
  }

  /** A hostile client's click (players.ts forgeClick): any custom_id, on any message. */
  forgeClick(user: Ref<UserRecord>, target: { customId: string; messageId: string }): InteractionHandle {
    return forgeClick(this.world, this.interactions, this.user(user), target);
  }

  choose(user: Ref<UserRecord>, target: SelectTarget, values: string[]): InteractionHandle {
    return choose(this.world, this.interactions, this.user(user), target, values);
  }

  interaction(id: string): InteractionHandle {
    const record = this.world.interactions.get(id);
    if (!record) throw new StandInUsageError(`Unknown interaction ${id}`);
    return new InteractionHandle(this.world, record);
  }

  // --- what people see --------------------------------------------------------

  /** The bytes uploaded for an attachment (by its id), as the CDN would serve them. */
  attachmentData(id: string): Buffer | undefined {
    return this.world.uploads.get(id);
  }

  /** Messages the user can see, oldest first, each in its latest state. */
  seenBy(user: Ref<UserRecord>, filter: { channel?: Ref<ChannelRecord> } = {}): SeenMessage[] {
    return this.view(user, filter).messages;
  }

  view(user: Ref<UserRecord>, filter: { channel?: Ref<ChannelRecord> } = {}): UserView {
    const channelId = filter.channel === undefined ? undefined : this.channelRef(filter.channel).id;
    return userView(this.world, this.user(user).id, channelId);
  }

  /**
   * The push notifications Discord would have sent this user, oldest first, with the message's
   * content as it was created (rules/mentions.ts: mentions in new messages, DMs; never edits).
   */
  notificationsFor(user: Ref<UserRecord>): (NotificationRecord & { content: string; deleted: boolean })[] {
    const id = this.user(user).id;
    return this.world.notifications
      .filter((n) => n.userId === id)
      .map((n) => {
        const m = this.world.messages.get(n.messageId)!;
        return { ...n, content: m.content, deleted: m.deleted };
      });
  }

  /** "This interaction failed" and friends, shown to this user. */
  noticesFor(user: Ref<UserRecord>): Notice[] {
    return [...(this.world.notices.get(this.user(user).id) ?? [])];
  }

  /** The user's screen as text, one line per message: handy in assertion messages. */
  describe(user: Ref<UserRecord>, filter: { channel?: Ref<ChannelRecord> } = {}): string {
    return this.seenBy(user, filter).map(describeMessage).join('\n');
  }

  /** Registered commands as Discord returns them; global ones unless a guild is given. */
  commands(guild?: Ref<GuildRecord>): Array<Record<string, unknown>> {
    const guildId = guild === undefined ? null : this.guild(guild).id;
    return [...this.world.commands.values()]
      .filter((c) => c.guildId === guildId)
      .map((c) => ({ ...c.data, id: c.id, application_id: this.applicationId, version: c.version }));
  }

  // --- making trouble -----------------------------------------------------------

  /**
   * The next `count` (1) REST requests matching `method` and `path` get `status` instead of their
   * answer: 429 with `retry_after` (seconds, default 0.05), `global` and `scope`, or a 5xx as
   * Discord (500, JSON) or Cloudflare in front of it (502 page, 503 plain text) sends it.
   */
  fault(rule: FaultRule): void {
    this.faults.add(rule);
  }

  /**
   * The next REST request matching `method` and `path` is kept, before anything is done or counted for
   * it, until the answer's `release` (its `arrived` resolves when it came): a request slow to reach Discord.
   */
  holdNext(rule: Pick<FaultRule, 'method' | 'path'>): HeldRequest {
    return this.faults.hold(rule);
  }

  /** `fault` with status 429. */
  rateLimit(rule: RateLimitRule = {}): void {
    this.faults.add({ ...rule, status: 429 });
  }

  /**
   * The next `count` message creates in `channelId` ('dm': any DM channel; default every channel) are
   * answered with a 5xx: before the message is made, or (`afterCreate`) after it was, as when the
   * answer is lost on its way back.
   */
  failMessages(rule: { channelId?: string; count?: number; afterCreate?: boolean; status?: number } = {}): void {
    this.world.messageFaults.push({ count: 1, afterCreate: false, status: 500, ...rule });
  }

  dropGateway(options: { code?: number | 'terminate'; resumable?: boolean } = {}): void {
    this.gateway.drop(options);
  }

  /** Moves a manual clock forward (fires the 3-second rule, expires tokens). */
  advance(ms: number): void {
    if (!(this.clock instanceof ManualClock)) {
      throw new StandInUsageError('advance() needs a stand-in started with a ManualClock');
    }
    this.clock.advance(ms);
  }

  waitFor<T>(check: () => T | undefined | null | false, options: WaitOptions = {}): Promise<T> {
    return waitForWorld(this.world, check, options);
  }

  // --- lookups ------------------------------------------------------------------

  user(ref: Ref<UserRecord>): UserRecord {
    const id = typeof ref === 'string' ? ref : ref.id;
    const user = this.world.user(id);
    if (!user) throw new StandInUsageError(`Unknown user ${id}`);
    return user;
  }

  role(guild: GuildRecord, ref: RoleRecord | string): RoleRecord {
    const id = typeof ref === 'string' ? ref : ref.id;
    const found = guild.roles.find((r) => r.id === id || r.name === id);
    if (!found) throw new StandInUsageError(`Guild ${guild.name} has no role ${id}`);
    return found;
  }

  guild(ref: Ref<GuildRecord>): GuildRecord {
    const id = typeof ref === 'string' ? ref : ref.id;
    const guild = this.world.guilds.get(id);
    if (!guild) throw new StandInUsageError(`Unknown guild ${id}`);
    return guild;
  }

  channelRef(ref: Ref<ChannelRecord>): ChannelRecord {
    const id = typeof ref === 'string' ? ref : ref.id;
    const channel = this.world.channels.get(id);
    if (!channel) throw new StandInUsageError(`Unknown channel ${id}`);
    return channel;
  }

  interactionRecords(): InteractionRecord[] {
    return [...this.world.interactions.values()];
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.interactions.dispose();
    if (this.ownsClock) this.clock.dispose();
    this.gateway.close();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      // Keep-alive sockets from discord.js's HTTP client would otherwise hold close() open.
      this.server.closeAllConnections();
    });
  }
}
