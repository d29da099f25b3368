// The words of 千智风声 (docs/rules.md §12) and its new cards, in both languages: zh-CN.ts and en.ts
// spread these into their tables (the key sets must match, test/i18n.test.ts).
export const qianzhiZh = {
  'edition.qianzhi': '千智',
  'lobby.fullEdition': '大厅已满：{edition}最多{max}人。',
  'lobby.needPlayersEdition': '{edition}只能{min}人或{max}人游戏，现在有{count}人。请增减玩家（或AI座位），或换一个版本开大厅。',
  'step.play': '摸牌-出牌阶段',
  'panel.pickTransfer': '转移：选择获得这份情报的玩家（可以是传出者）',
  'panel.pickGamble': '博弈：选择获得牌库顶牌作为情报的玩家（可以是自己）',
  'branch.抽一': '如果你是，你抽一张牌，我抽一张牌；否则你宣称"其实我是卧底"',
  'ev.probeResult.drawOne': '{seat}被试探：抽了一张牌，试探者也抽一张。',
  'ev.discardShown': '{seat}明弃了：{cards}。',
  'ev.intelReplaced': '{seat}使用调包：{card}面朝上替换了传递中的情报，{old}进入弃牌堆。',
  'ev.intelTransferred': '{seat}使用转移：情报转给{target}，获得{card}。',
  'rules.pageQianzhi': '千智风声（版本：千智）',
  'rules.qianzhi':
    '网络版，大厅选项（版本：千智）。它没说的地方按标准规则。\n' +
    '**人数**：只能5人或6人（5人：潜伏战线2 · 军情处2 · 打酱油的1；6人：2 · 2 · 2，可选3 · 3 · 0）。\n' +
    '**回合**：摸两张牌并出牌（摸牌-出牌阶段），然后传出一张情报。没有第二个出牌阶段：情报被接收后回合就结束。\n' +
    '**明弃**：从手牌弃掉的牌都展示给所有人。\n' +
    '**时机**：锁定只能在自己的出牌阶段（情报传递时不行）· 烧毁在自己的出牌阶段或情报传递阶段（传递、到达）· 截获和调虎离山只在情报传递时 · 识破回应一张正在使用的牌 · 真伪莫辨（自己的出牌阶段）：从你开始按座位顺序，每位存活玩家获得牌库顶一张牌作为情报 · 试探：猜对时目标抽或弃一张牌，然后你抽一张；猜错时目标说出卡上的话。\n' +
    '**新牌**：转移（情报传到你时：转给你选的另一位玩家，他必须接收；被锁定时不行）· 调包（情报传递时，任何人：此牌面朝上替换传递中的情报，按原方式继续传递；原情报明弃）· 增援（自己的出牌阶段：抽黑情报数+1张牌）· 博弈（自己的出牌阶段：指定一位玩家（可以是自己），他获得牌库顶牌作为情报）· 权衡（自己的出牌阶段：明弃全部手牌，再抽同样多张）。没有退回。',
  'rules.qianzhiDeck': '**108张游戏牌**（红/蓝/黑，传递方式）：{deck}',
  'ev.negatedShown': '{seat}的{as}被识破，明弃：{card}。',
} as const;

export const qianzhiEn: Record<keyof typeof qianzhiZh, string> = {
  'edition.qianzhi': '千智风声 (online edition)',
  'lobby.fullEdition': 'The lobby is full: {edition} is played by at most {max} players.',
  'lobby.needPlayersEdition': '{edition} is played by {min} or {max} players; there are {count}. Add or remove players (or AI seats), or open a lobby of another edition.',
  'step.play': 'draw-and-play phase',
  'panel.pickTransfer': '转移: choose who gains this intel (its sender too)',
  'panel.pickGamble': '博弈: choose who gains the top card of the deck as intel (you too)',
  'branch.抽一': 'if so, draw one (and the user draws one); if not, say "Actually I am a mole"',
  'ev.probeResult.drawOne': '{seat} was probed (试探) and drew one; the user draws one too.',
  'ev.discardShown': '{seat} discarded, face up: {cards}.',
  'ev.intelReplaced': '{seat} used 调包: {card} takes the place of the intel in transit, face up; {old} goes to the discard pile.',
  'ev.intelTransferred': '{seat} used 转移: {target} gains the intel, {card}.',
  'rules.pageQianzhi': '千智风声 (edition "千智")',
  'rules.qianzhi':
    'The online edition, a lobby option (版本: 千智). Where it says nothing, the standard rules hold.\n' +
    '**Table**: 5 or 6 players only (5: 潜伏战线 2 · 军情处 2 · 打酱油的 1; 6: 2 · 2 · 2, optional 3 · 3 · 0).\n' +
    '**Turn**: draw two and play cards (摸牌-出牌阶段), then send one intel. There is no second play phase: the turn ends once the intel is taken.\n' +
    '**Discards are face up**: every card discarded from a hand is shown to everyone.\n' +
    '**Timings**: 锁定 only in your own play phase (not while intel travels) · 烧毁 in your own play phase or while intel travels (传递, 到达) · 截获 and 调虎离山 only while intel travels (传递) · 识破 answers a card being used · 真伪莫辨 (your play phase): from you on, each live player gains the top card of the deck in seat order · 试探: if right, the target draws or discards one, then you draw one; if wrong, the target says the sentence.\n' +
    '**New cards**: 转移 (intel reaches you: it goes to another player of your choice, who gains it; not while locked) · 调包 (intel travelling, anyone: this card replaces it face up and travels on the same way; the old intel is discarded face up) · 增援 (your play phase: draw one more than your black intel) · 博弈 (your play phase: a player you name, you too, gains the top card of the deck as intel) · 权衡 (your play phase: discard your whole hand face up, draw as many). No 退回.',
  'rules.qianzhiDeck': '**The 108 cards** (red/blue/black, mode): {deck}',
  'ev.negatedShown': "{seat}'s {as} was negated and discarded face up: {card}.",
};
