// 打开牌桌 on the table: Discord opens the Activity (src/activity, a live table inside Discord) for the
// one who clicked, in the table's channel, answered with the interaction response that launches it
// (LAUNCH_ACTIVITY, 12). The table offers it only while the Activity is served (ACTIVITY_PORT).
import { runner, type Handler } from '../context.js';

export const activity: Handler = {
  verbs: ['launch'],
  clickAck: 'self',
  subcommands: [],
  run: runner({
    click: async (_ctx, i) => {
      await i.launchActivity();
    },
  }),
};
