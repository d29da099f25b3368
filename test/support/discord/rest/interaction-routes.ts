import { messagePayload } from '../payloads.js';
import type { Attach } from '../interactions.js';
import { RequestBodies } from '../rules/schema.js';
import { attachmentsAfter, type RouteContext } from './context.js';
import { json, noContent, type RestRequest, type Router } from './router.js';

/**
 * The interaction callback and the interaction webhook (follow-ups, edits of
 * the original response). Neither takes the bot token: the interaction token
 * in the path is the credential.
 */
export function registerInteractionRoutes(router: Router, ctx: RouteContext): void {
  const { world, interactions } = ctx;
  const uploads =
    (req: RestRequest): Attach =>
    (channelId, existing, body) =>
      attachmentsAfter(ctx, channelId, existing, body, req.files);

  router.add('POST', '/interactions/:interactionId/:token/callback', (req) => {
    const result = interactions.callback(req.params.interactionId!, req.params.token!, req.body, uploads(req));
    return req.query.get('with_response') === 'true' ? json(result.withResponse) : noContent();
  }, RequestBodies.interactionCallback);

  router.add('POST', '/webhooks/:applicationId/:token', (req) => {
    const message = interactions.followUp(req.params.applicationId!, req.params.token!, req.body, uploads(req));
    return req.query.get('wait') === 'true' ? json(messagePayload(world, message)) : noContent();
  }, RequestBodies.executeWebhook);

  const messageRoute = '/webhooks/:applicationId/:token/messages/:messageId';
  router.add('GET', messageRoute, (req) =>
    json(messagePayload(world, interactions.getMessage(req.params.applicationId!, req.params.token!, req.params.messageId!))),
  );
  router.add('PATCH', messageRoute, (req) =>
    json(
      messagePayload(
        world,
        interactions.editMessage(req.params.applicationId!, req.params.token!, req.params.messageId!, req.body, uploads(req)),
      ),
    ),
    RequestBodies.editWebhookMessage,
  );
  router.add('DELETE', messageRoute, (req) => {
    interactions.deleteMessage(req.params.applicationId!, req.params.token!, req.params.messageId!);
    return noContent();
  });
}
