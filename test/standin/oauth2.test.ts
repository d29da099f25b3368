// OAuth2 as the stand-in models it for an Activity's sign-in (test/support/discord/oauth2.ts): the
// code the client's `authorize` gives, exchanged once at /oauth2/token as a form with the
// application's secret, and the access token read back at /users/@me; and what Discord refuses.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStandIn, type StandIn, type UserRecord } from '../support/discord/index.js';

let discord: StandIn;
let alice: UserRecord;
beforeAll(async () => {
  discord = await startStandIn();
  alice = discord.createUser({ username: 'alice', locale: 'zh-CN' });
});
afterAll(() => discord.close());

const exchange = (form: Record<string, string>, type = 'application/x-www-form-urlencoded') =>
  fetch(`${discord.apiBase}/v10/oauth2/token`, { method: 'POST', headers: { 'content-type': type }, body: type.includes('json') ? JSON.stringify(form) : new URLSearchParams(form) });
const me = (token: string) => fetch(`${discord.apiBase}/v10/users/@me`, { headers: { authorization: `Bearer ${token}` } });

describe('OAuth2 for an Activity', () => {
  test('a code exchanged with the secret gives a token that names its user; the code is good once', async () => {
    const code = discord.authorize(alice);
    const form = { client_id: discord.applicationId, client_secret: discord.oauth2.clientSecret, grant_type: 'authorization_code', code };
    const res = await exchange(form);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; token_type: string; scope: string };
    expect([body.token_type, body.scope]).toEqual(['Bearer', 'identify guilds']);
    const user = (await (await me(body.access_token)).json()) as { id: string; username: string; locale: string };
    expect(user).toMatchObject({ id: alice.id, username: 'alice', locale: 'zh-CN' });
    // Neither the exchange nor /users/@me with the user's token is the bot token's: its global limit does not count them.
    const counted = discord.globalCounted;
    await exchange({ ...form, code: discord.authorize(alice) });
    await me(body.access_token);
    expect(discord.globalCounted).toBe(counted);
    const again = await exchange(form);
    expect([again.status, ((await again.json()) as { error: string }).error]).toEqual([400, 'invalid_grant']);
  });

  test('refused as Discord refuses: a wrong secret, a JSON body, another grant, an unknown token, a token without identify', async () => {
    const form = () => ({ client_id: discord.applicationId, client_secret: discord.oauth2.clientSecret, grant_type: 'authorization_code', code: discord.authorize(alice) });
    const wrong = await exchange({ ...form(), client_secret: 'guess' });
    expect([wrong.status, ((await wrong.json()) as { error: string }).error]).toEqual([401, 'invalid_client']);
    const json = await exchange(form(), 'application/json');
    expect([json.status, ((await json.json()) as { error: string }).error]).toEqual([400, 'invalid_request']);
    const grant = await exchange({ ...form(), grant_type: 'client_credentials' });
    expect([grant.status, ((await grant.json()) as { error: string }).error]).toEqual([400, 'unsupported_grant_type']);
    expect((await me('made-up')).status).toBe(401);
    const guildsOnly = discord.authorize(alice, ['guilds']);
    const token = ((await (await exchange({ ...form(), code: guildsOnly })).json()) as { access_token: string }).access_token;
    expect((await me(token)).status).toBe(401);
  });
});
