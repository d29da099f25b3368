// The package's `./zod` entry is plain JavaScript without types; these are the schemas the stand-in uses.
declare module 'discord-api-spec/zod' {
  import type { ZodMiniType } from 'zod/mini';
  type Schema = ZodMiniType;
  export const MessageCreateRequestSchema: Schema;
  export const MessageEditRequestPartialSchema: Schema;
  export const CreatePrivateChannelRequestSchema: Schema;
  export const ApplicationCommandCreateRequestSchema: Schema;
  export const ApplicationCommandPatchRequestPartialSchema: Schema;
  export const ApplicationCommandUpdateRequestSchema: Schema;
  export const ApplicationCommandAutocompleteCallbackRequestSchema: Schema;
  export const CreateMessageInteractionCallbackRequestSchema: Schema;
  export const LaunchActivityInteractionCallbackRequestSchema: Schema;
  export const ModalInteractionCallbackRequestSchema: Schema;
  export const PongInteractionCallbackRequestSchema: Schema;
  export const UpdateMessageInteractionCallbackRequestSchema: Schema;
  export const IncomingWebhookRequestPartialSchema: Schema;
  export const IncomingWebhookUpdateRequestPartialSchema: Schema;
  export const CreateTextThreadWithoutMessageRequestSchema: Schema;
  export const CreateForumThreadRequestSchema: Schema;
}
