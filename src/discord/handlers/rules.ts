// /fengsheng rules, and ◀ ▶ on its pages: the same private message turns to the page the button names.
import { MessageFlags } from 'discord.js';
import { runner, type Handler } from '../context.js';
import { rulesMessage } from '../render/rules.js';
import { onPrivatePanel } from '../reply.js';

export const rules: Handler = {
  verbs: ['rules'],
  clickAck: 'update',
  subcommands: [{ name: 'rules', zh: '规则', at: 7, desc: 'cmd.rules.desc', ack: 'private' }],
  run: runner({
    // The first page, privately.
    command: async (ctx, i) => void (await i.editReply(rulesMessage(ctx.locales.of(i), 0))),
    click: async (ctx, i, id) => {
      const page = rulesMessage(ctx.locales.of(i), id.args[0] ?? 0);
      // Only a private rules message turns its page: a forged click on a public message (the lobby,
      // the table) must not rewrite it for everyone; the clicker gets the page privately.
      if (onPrivatePanel(i)) await i.editReply(page);
      else await i.followUp({ ...page, flags: MessageFlags.Ephemeral });
    },
  }),
};
