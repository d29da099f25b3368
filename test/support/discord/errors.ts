/** Error bodies exactly as Discord shapes them: `{ code, message, errors? }`. */
export interface DiscordErrorBody {
  code: number;
  message: string;
  errors?: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: DiscordErrorBody,
  ) {
    super(`${status} ${body.code}: ${body.message}`);
  }
}

const make = (status: number, code: number, message: string) => () => new ApiError(status, { code, message });

export const Errors = {
  unauthorized: make(401, 0, '401: Unauthorized'),
  notFound: make(404, 0, '404: Not Found'),
  methodNotAllowed: make(405, 0, '405: Method Not Allowed'),
  unknownChannel: make(404, 10003, 'Unknown Channel'),
  unknownGuild: make(404, 10004, 'Unknown Guild'),
  unknownMember: make(404, 10007, 'Unknown Member'),
  unknownMessage: make(404, 10008, 'Unknown Message'),
  unknownUser: make(404, 10013, 'Unknown User'),
  unknownWebhook: make(404, 10015, 'Unknown Webhook'),
  unknownCommand: make(404, 10063, 'Unknown application command'),
  unknownInteraction: make(404, 10062, 'Unknown interaction'),
  alreadyAcknowledged: make(400, 40060, 'Interaction has already been acknowledged.'),
  missingAccess: make(403, 50001, 'Missing Access'),
  missingPermissions: make(403, 50013, 'Missing Permissions'),
  wrongChannelType: make(400, 50024, 'Cannot execute action on this channel type'),
  cannotEditOthers: make(403, 50005, 'Cannot edit a message authored by another user'),
  emptyMessage: make(400, 50006, 'Cannot send an empty message'),
  cannotDmUser: make(403, 50007, 'Cannot send messages to this user'),
  invalidWebhookToken: make(401, 50027, 'Invalid Webhook Token'),
  /** A fault the test asked for (StandIn.failMessages): Discord's 5xx bodies carry code 0. */
  serverError: (status = 500) => new ApiError(status, { code: 0, message: `${status}: Internal Server Error` }),
};

interface FieldError {
  code: string;
  message: string;
}

/**
 * Collects validation failures and nests them the way Discord's 50035
 * "Invalid Form Body" does: `{ components: { 0: { custom_id: { _errors: [...] } } } }`.
 */
export class FormErrors {
  private readonly tree: Record<string, unknown> = {};
  private count = 0;

  add(path: ReadonlyArray<string | number>, code: string, message: string): void {
    let node = this.tree;
    for (const key of path) {
      const k = String(key);
      node[k] ??= {};
      node = node[k] as Record<string, unknown>;
    }
    const list = (node._errors ??= []) as FieldError[];
    list.push({ code, message });
    this.count++;
  }

  get empty(): boolean {
    return this.count === 0;
  }

  throwIfAny(): void {
    if (this.count > 0) {
      throw new ApiError(400, { code: 50035, message: 'Invalid Form Body', errors: this.tree });
    }
  }
}

/** Discord's wording for the usual length failures. */
export const LengthErrors = {
  max: (max: number): [string, string] => ['BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`],
  between: (min: number, max: number): [string, string] => [
    'BASE_TYPE_BAD_LENGTH',
    `Must be between ${min} and ${max} in length.`,
  ],
  required: (): [string, string] => ['BASE_TYPE_REQUIRED', 'This field is required'],
};
