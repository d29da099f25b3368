/** The local stand-in for Discord. See docs/testing.md. */
export { startStandIn, TEST_LIMITS, type LimitOptions, type StandInOptions } from './server.js';
export { StandIn, type LimitStats } from './stand-in.js';
export { ManualClock, RealClock, type Clock } from './clock.js';
export { clientOptionsFor, loginClient, restOptionsFor } from './client.js';
export { InteractionHandle, type ButtonTarget, type SelectTarget } from './players.js';
export { StandInUsageError, type NewGuild, type NewRole, type NewUser } from './setup.js';
export { Permission } from './payloads.js';
export { describeMessage, type SeenMessage, type SeenButton, type SeenSelect, type UserView } from './view.js';
export { ANSWER_WINDOW_MS, TOKEN_LIFETIME_MS } from './interactions.js';
export { Limits } from './rules/message-limits.js';
export type { FaultRule, FaultStatus, RateLimitRule } from './faults.js';
export type { ChannelRecord, GuildRecord, InteractionRecord, MessageRecord, Notice, NotificationRecord, RoleRecord, UserRecord } from './model.js';
export type { OptionInput } from './commands.js';
