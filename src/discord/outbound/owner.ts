// What only whoever runs the bot must hear (the database file found damaged): a DM to the bot's
// application owner (or its team's owner), in their Discord language when the bot has seen it.
import { Team, type Client } from 'discord.js';
import { pickLocale, t } from '../../i18n/index.js';
import type { Logger } from '../../log.js';

export async function tellOwner(client: Client, log: Logger, localeOf: (userId: string) => string | null, report: string): Promise<void> {
  try {
    const app = await client.application!.fetch();
    const owner = app.owner instanceof Team ? app.owner.owner?.user : app.owner;
    if (!owner) return void log.warn('the bot has no owner to tell that its database is damaged');
    await owner.send({ content: t(pickLocale(null, localeOf(owner.id)), 'admin.damaged', { report: report.slice(0, 1500) }), allowedMentions: { parse: [] } });
  } catch (err) {
    log.warn({ err }, "could not tell the bot's owner that its database is damaged");
  }
}
