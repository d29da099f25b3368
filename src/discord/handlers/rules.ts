// /fengsheng rules, and ◀ ▶ on its pages: the same private message turns to the page the button names.
import { runner, type Handler } from '../context.js';
import { rulesMessage } from '../render/rules.js';

export const rules: Handler = {
  verbs: ['rules'],
  clickAck: 'update',
  subcommands: [{ name: 'rules', zh: '规则', at: 7, desc: 'cmd.rules.desc', ack: 'private' }],
  run: runner({
    // The first page, privately.
    command: async (ctx, i) => void (await i.editReply(rulesMessage(ctx.locales.of(i), 0))),
    click: async (ctx, i, id) => void (await i.editReply(rulesMessage(ctx.locales.of(i), id.args[0] ?? 0))),
  }),
};
