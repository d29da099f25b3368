// Which requests count toward the bot token's global limit, by route, as the bot runs: one step of live
// games (the bench's fleet), opened and held, then the stand-in's counted requests by method and route,
// split into the opening and the hold. Not in npm test.
//   npx tsx test/load/routes.ts [--games 30] [--hold 60]
import { parseArgs } from 'node:util';
import { Fleet } from '../bench/live/fleet.js';

const { values } = parseArgs({ options: { games: { type: 'string', default: '30' }, hold: { type: 'string', default: '60' } } });
const games = Number(values.games);
const fleet = await Fleet.start(1);
/** Counted requests by route, a channel route named by its channel's kind (text, dm, thread). */
const kinds = new Map<string, number>();
fleet.discord.world.events.on('change', (c: { kind: string; entry?: { method: string; path: string } }) => {
  if (c.kind !== 'request' || !c.entry) return;
  if (/^\/(interactions|webhooks)\//.test(c.entry.path)) {
    const route = `exempt ${c.entry.method} ${c.entry.path.replace(/\d{5,}/g, ':id').replace(/\/webhooks\/:id\/[^/]+/, '/webhooks/:id/:token').replace(/\/interactions\/:id\/[^/]+/, '/interactions/:id/:token')}`;
    kinds.set(route, (kinds.get(route) ?? 0) + 1);
    return;
  }
  const id = /^\/channels\/(\d+)/.exec(c.entry.path)?.[1];
  const kind = id ? (fleet.discord.world.channels.get(id)?.kind ?? 'gone') : '';
  const route = `${c.entry.method} ${c.entry.path.replace(/\d{5,}/g, ':id')}${kind ? ` (${kind})` : ''}`;
  kinds.set(route, (kinds.get(route) ?? 0) + 1);
});
try {
  fleet.keep = games;
  const t0 = Date.now();
  await fleet.open(games, 16, Date.now() + 30_000);
  const opened = new Map(kinds);
  const t1 = Date.now();
  const actions0 = fleet.states.committed;
  const live0 = fleet.live();
  await new Promise((r) => setTimeout(r, Number(values.hold) * 1000));
  const t2 = Date.now();
  const hold = [...kinds].map(([k, v]) => [k, v - (opened.get(k) ?? 0)] as const).filter(([, v]) => v > 0);
  const gameS = (live0 + fleet.live()) / 2 * (t2 - t1) / 1000;
  const total = hold.filter(([k]) => !k.startsWith('exempt')).reduce((a, [, v]) => a + v, 0);
  const actions = fleet.states.committed - actions0;
  console.log(JSON.stringify({
    openingS: (t1 - t0) / 1000, opened: Object.fromEntries(opened), live: fleet.live(), holdS: (t2 - t1) / 1000,
    hold: Object.fromEntries(hold.sort((a, b) => b[1] - a[1])), perGameSecond: Math.round(total / gameS * 1000) / 1000, actions,
    finished: [...fleet.slots.values()].filter((s) => s.overAt).length,
  }, null, 1));
} finally {
  await fleet.close();
}
