// Signing in and the socket. Inside Discord (the URL carries frame_id) the Embedded App SDK asks
// Discord for an OAuth2 code; outside it (tests, an admin trying the page against the local
// stand-in) the SDK's mock does, and its code is the one given in the URL (`code`), its instance the
// URL's `instance_id` (as Discord gives it to the real SDK). The bot exchanges the code for a token
// (POST api/token), and the socket says who (the token) and which instance (whose channel the bot
// reads from Discord); a socket that drops (the bot restarting) is opened again with the same token.
import { DiscordSDK, DiscordSDKMock } from '@discord/embedded-app-sdk';
import type { PageMessage, ServerMessage } from '../../../src/activity/protocol.js';

export type Status = 'signIn' | 'connecting' | 'open' | 'reconnecting' | 'signInFailed' | 'forbidden' | 'notInInstance';

export interface Link {
  send(msg: PageMessage): void;
}

interface Place {
  instance: string;
  code: () => Promise<string>;
}

async function place(): Promise<Place> {
  const q = new URLSearchParams(location.search);
  const { clientId } = (await (await fetch('api/config')).json()) as { clientId: string };
  if (q.has('frame_id')) {
    const sdk = new DiscordSDK(clientId);
    await sdk.ready();
    return {
      instance: sdk.instanceId,
      code: async () => (await sdk.commands.authorize({ client_id: clientId, response_type: 'code', state: '', prompt: 'none', scope: ['identify'] })).code,
    };
  }
  const mock = new DiscordSDKMock(clientId, q.get('guild_id'), q.get('channel_id'), null);
  const given = q.get('code') ?? '';
  mock._updateCommandMocks({ authorize: async () => ({ code: given }) });
  await mock.ready();
  return {
    instance: q.get('instance_id') ?? mock.instanceId,
    code: async () => (await mock.commands.authorize({ client_id: clientId, response_type: 'code', state: '', prompt: 'none', scope: ['identify'] })).code,
  };
}

/** Signs in, then keeps a socket open, telling `on` every message and `status` every change. */
export async function connect(on: (msg: ServerMessage) => void, status: (s: Status) => void): Promise<Link> {
  status('signIn');
  let token = '';
  let where: Place;
  try {
    where = await place();
    const res = await fetch('api/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: await where.code() }) });
    if (!res.ok) throw new Error(String(res.status));
    token = ((await res.json()) as { access_token: string }).access_token;
  } catch {
    status('signInFailed');
    return { send: () => undefined };
  }
  let ws: WebSocket | null = null;
  let tries = 0;
  const open = () => {
    status(tries ? 'reconnecting' : 'connecting');
    const url = new URL('ws', location.href);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const sock = new WebSocket(url);
    ws = sock;
    sock.onopen = () => sock.send(JSON.stringify({ t: 'hello', token, instance: where.instance } satisfies PageMessage));
    sock.onmessage = (e) => {
      tries = 0;
      status('open');
      on(JSON.parse(String(e.data)) as ServerMessage);
    };
    sock.onclose = (e) => {
      if (ws !== sock) return;
      ws = null;
      if (e.code === 4001) return status('signInFailed');
      if (e.code === 4003) return status('forbidden');
      if (e.code === 4004) return status('notInInstance');
      status('reconnecting');
      // Again at once, then backing off to 5 s.
      setTimeout(open, Math.min(5000, 250 * 2 ** tries++));
    };
  };
  open();
  return {
    send: (msg) => {
      if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
    },
  };
}
