import { buildCommandData, type OptionInput } from './commands.js';
import type { Interactions } from './interactions.js';
import {
  ComponentType,
  SELECT_TYPES,
  type ChannelRecord,
  type ComponentJson,
  type InteractionRecord,
  type MessageRecord,
  type UserRecord,
  type World,
} from './model.js';
import { userPayload, memberPayload } from './payloads.js';
import { StandInUsageError } from './setup.js';
import { seenMessage, walkComponents, type SeenMessage } from './view.js';
import { waitForWorld, type WaitOptions } from './wait.js';

/** Finds a button the user can see: by custom_id or by its label. */
export interface ButtonTarget {
  customId?: string;
  label?: string;
  /** Only look in this message; otherwise the newest visible message that has it. */
  messageId?: string;
}

/** Finds a select menu: by custom_id, by placeholder, or the newest one. */
export interface SelectTarget {
  customId?: string;
  placeholder?: string;
  messageId?: string;
}

/** A running interaction, as the player who started it experiences it. */
export class InteractionHandle {
  constructor(
    private readonly world: World,
    readonly record: InteractionRecord,
  ) {}

  get id(): string {
    return this.record.id;
  }

  get state(): InteractionRecord['state'] {
    return this.record.state;
  }

  /** Resolves once the bot has answered or the interaction has failed. */
  settled(options: WaitOptions = {}): Promise<InteractionRecord> {
    return waitForWorld(this.world, () => (this.record.state === 'pending' ? undefined : this.record), {
      description: `interaction ${this.record.label} to be answered`,
      ...options,
    });
  }

  /**
   * The response as the user sees it: the reply (once no longer "thinking"),
   * or the updated message for button and select updates.
   */
  async response(options: WaitOptions = {}): Promise<SeenMessage> {
    return waitForWorld(this.world, () => seenResponse(this.world, this.record), { description: `the response to ${this.record.label}`, ...options });
  }
}

/**
 * The response to an interaction as its user sees it now, or undefined while there is none: the
 * reply (once no longer "thinking"), the updated message for button and select updates, or for a
 * deferred update that left its message as it was, the first follow-up the user can see (a click on
 * a public message answered with a message only the clicker sees).
 */
export function seenResponse(world: World, r: InteractionRecord): SeenMessage | undefined {
  if (r.state === 'failed') throw new Error(`Interaction ${r.label} failed: the bot did not answer in time`);
  if (r.state !== 'acknowledged' || !r.originalMessageId) return undefined;
  const message = world.messages.get(r.originalMessageId);
  if (!message || !world.canSeeMessage(r.userId, message)) return undefined;
  const seen = seenMessage(world, message);
  if (seen.loading) return undefined;
  if (r.responseType === 6 && message.revision <= (r.revisionAtAcknowledgement ?? 0)) {
    const followUp = r.followUpIds.map((id) => world.messages.get(id)).find((m) => m && !m.deleted && world.canSeeMessage(r.userId, m));
    return followUp ? seenMessage(world, followUp) : undefined;
  }
  return seen;
}

export function runCommand(
  world: World,
  interactions: Interactions,
  user: UserRecord,
  channel: ChannelRecord,
  line: string,
  input: OptionInput = {},
  locale: string = user.locale,
): InteractionHandle {
  if (!world.canSeeChannel(user.id, channel)) {
    throw new StandInUsageError(`${user.username} cannot see channel ${channel.name ?? channel.id}`);
  }
  const { command, data, path } = buildCommandData(world, channel, line, input, locale);
  const record = interactions.create({
    type: 2,
    user,
    channel,
    locale,
    data,
    label: `/${path.join(' ')}`,
    commandName: String(command.data.name),
  });
  return new InteractionHandle(world, record);
}

function findComponent(
  world: World,
  user: UserRecord,
  messageId: string | undefined,
  matches: (c: ComponentJson) => boolean,
  what: string,
): { message: MessageRecord; component: ComponentJson } {
  const candidates = messageId
    ? [world.messages.get(messageId)].filter((m): m is MessageRecord => m !== undefined)
    : world.visibleMessages(user.id).reverse();
  for (const message of candidates) {
    if (!world.canSeeMessage(user.id, message)) {
      throw new StandInUsageError(`${user.username} cannot see message ${message.id}`);
    }
    for (const component of walkComponents(message.components)) {
      if (matches(component)) return { message, component };
    }
  }
  throw new StandInUsageError(`${user.username} sees no ${what}${messageId ? ` in message ${messageId}` : ''}`);
}

export function click(world: World, interactions: Interactions, user: UserRecord, target: ButtonTarget): InteractionHandle {
  if (target.customId === undefined && target.label === undefined) {
    throw new StandInUsageError('click: give a customId or a label');
  }
  const what = target.customId !== undefined ? `button ${target.customId}` : `button labelled "${target.label}"`;
  const { message, component } = findComponent(
    world,
    user,
    target.messageId,
    (c) =>
      c.type === ComponentType.Button &&
      c.style !== 5 &&
      (target.customId === undefined || c.custom_id === target.customId) &&
      (target.label === undefined || c.label === target.label),
    what,
  );
  if (component.disabled) throw new StandInUsageError(`${what} is disabled`);
  return buttonInteraction(world, interactions, user, message, component.custom_id!, what, component.id);
}

/** The INTERACTION_CREATE of a button press on `message`. */
function buttonInteraction(world: World, interactions: Interactions, user: UserRecord, message: MessageRecord, customId: string, label: string, componentId?: number): InteractionHandle {
  const record = interactions.create({
    type: 3,
    user,
    channel: world.channels.get(message.channelId)!,
    locale: user.locale,
    data: { custom_id: customId, component_type: ComponentType.Button, ...(componentId ? { id: componentId } : {}) },
    label,
    customId,
    sourceMessage: message,
  });
  return new InteractionHandle(world, record);
}

/**
 * A click no honest client could make: `user` presses a component `customId` (present or not) on a
 * message they may not even see (another player's ephemeral panel). Discord would not deliver it,
 * but a bot defends against it all the same; tests use this to show that it does.
 */
export function forgeClick(world: World, interactions: Interactions, user: UserRecord, target: { customId: string; messageId: string }): InteractionHandle {
  const message = world.messages.get(target.messageId);
  if (!message) throw new StandInUsageError(`no message ${target.messageId}`);
  return buttonInteraction(world, interactions, user, message, target.customId, `forged ${target.customId}`);
}

/**
 * Chooses in a select menu. For string selects, each of `values` may be an
 * option's value or its label; user selects take user ids.
 */
export function choose(
  world: World,
  interactions: Interactions,
  user: UserRecord,
  target: SelectTarget,
  values: string[],
): InteractionHandle {
  const what = target.customId ?? (target.placeholder ? `select "${target.placeholder}"` : 'select menu');
  const { message, component } = findComponent(
    world,
    user,
    target.messageId,
    (c) =>
      SELECT_TYPES.has(c.type) &&
      (target.customId === undefined || c.custom_id === target.customId) &&
      (target.placeholder === undefined || c.placeholder === target.placeholder),
    what,
  );
  if (component.disabled) throw new StandInUsageError(`${what} is disabled`);
  const min = component.min_values ?? 1;
  const max = component.max_values ?? 1;
  if (values.length < min || values.length > max) {
    throw new StandInUsageError(`${what} takes ${min}..${max} choices, got ${values.length}`);
  }
  const channel = world.channels.get(message.channelId)!;
  const data: Record<string, unknown> = {
    custom_id: component.custom_id,
    component_type: component.type,
    ...(component.id ? { id: component.id } : {}),
  };
  if (component.type === ComponentType.StringSelect) {
    data.values = values.map((v) => {
      const option = (component.options ?? []).find((o) => o.value === v) ?? (component.options ?? []).find((o) => o.label === v);
      if (!option) throw new StandInUsageError(`${what} has no option "${v}"`);
      return option.value;
    });
  } else if (component.type === ComponentType.UserSelect) {
    const guild = channel.guildId ? world.guilds.get(channel.guildId) : undefined;
    const users: Record<string, unknown> = {};
    const members: Record<string, unknown> = {};
    for (const id of values) {
      const picked = world.user(id);
      if (!picked) throw new StandInUsageError(`${what}: unknown user ${id}`);
      users[id] = userPayload(picked);
      if (guild?.members.has(id)) {
        const { user: _omit, ...member } = memberPayload(guild, picked, true);
        members[id] = member;
      }
    }
    data.values = values;
    data.resolved = { users, ...(guild ? { members } : {}) };
  } else {
    throw new StandInUsageError(`${what}: select type ${component.type} is not modelled by the stand-in`);
  }
  const record = interactions.create({
    type: 3,
    user,
    channel,
    locale: user.locale,
    data,
    label: what,
    customId: component.custom_id,
    sourceMessage: message,
  });
  return new InteractionHandle(world, record);
}
