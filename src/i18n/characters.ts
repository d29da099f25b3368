// Character cards in words (003_… 角色详述 and, for 初版, 000_…, in our own short form), for 我的信息 and
// /fengsheng rules.
// zh-CN first; en gives the gist with the skill names kept in Chinese, as players call them.
import type { Locale } from './index.js';

interface CharText {
  skills: string;
  mission: string;
}

const ZH: Record<string, CharText> = {
  老鬼: { skills: '【就计】被试探或锁定时，可以翻开此角色，抽二张牌。【城府】被试探时可以隐瞒身份。【遗志】死亡时，可以把全部手牌交给一位玩家，他随机选三张作为情报。', mission: '死亡时，手牌中有四张或以上红色卡牌。' },
  译电员: { skills: '【速译】情报传递时，可以翻开此角色，检视一张传递中的情报，并抽一张牌。【洞悉】情报被破译时，可以盖伏此角色。', mission: '获得三张或以上蓝色情报。' },
  老枪: { skills: '【就计】被试探或锁定时，可以翻开此角色，抽二张牌。【合谋】在自己面前放置一张假情报，盖伏此角色和另一张翻开的潜伏角色，双方互看身份。', mission: '获得三张或以上红色情报。' },
  闪灵: { skills: '【狙击】翻开此角色，烧毁另一位玩家面前最多三张情报。', mission: '亲手让一位没有获得真情报的玩家死亡。' },
  黑玫瑰: { skills: '【血染玫瑰】翻开此角色，指定一位玩家，展示牌库顶一张牌：黑色则可在他面前放置最多三张假情报，否则只能放一张。', mission: '亲手让一位获得三张或以上真情报的玩家死亡。' },
  峨嵋风: { skills: '【截上】他人回合情报传递时，可以翻开此角色，视为使用截获（不能被识破）。【计中计】一位玩家获得你传出的真情报时，可以烧毁他面前一张假情报。', mission: '获得三张或以上蓝色情报。' },
  老金: { skills: '【弃卒保帅】你的卡牌被识破时，可以翻开此角色，抽五张牌，再把二张手牌放回牌库顶。【釜底抽薪】获得假情报时，可以从手牌放一张假情报到自己面前，盖伏此角色，并在任意位玩家面前各放一张情报。', mission: '手牌集齐三张红色和三张蓝色卡牌。' },
  浮萍: { skills: '【先机】翻开此角色，抽取另一位玩家二张手牌，然后他抽二张牌。【后着】死亡时，可以检视另一位玩家的手牌，把其中一张放在一位玩家面前。', mission: '成为第二位或以后死亡的玩家。' },
  黄雀: { skills: '【潜藏伏击】翻开此角色，把另一位玩家面前的一张情报放回牌库顶。【黄雀在后】另一位玩家死亡时，可以翻开身份牌，在一位玩家面前放置最多二张假情报。', mission: '一位潜伏战线玩家和一位军情处玩家死亡。' },
  钢铁特工R: { skills: '【警觉】玩家使用卡牌时，可以翻开此角色，视为使用识破（不能被识破）。【掩护】获得一位玩家面前的一张假情报，然后盖伏此角色。', mission: '手牌集齐四张识破。' },
  情报处长: { skills: '【隔墙有耳】你试探一位玩家时，可以抽二张牌，再把一张手牌放回牌库顶（试探被识破则不能）。【偷龙转凤】情报到达你时，可以弃一张手牌，把该情报与牌库顶的牌调换（翻开的仍翻开，盖伏的仍盖伏）。', mission: '获得三张或以上红色情报。' },
  小马哥: { skills: '【英雄本色】获得假情报时，抽一张牌，然后可以在一位玩家面前放置一张假情报。', mission: '一位潜伏战线玩家和一位军情处玩家死亡。' },
  怪盗九九: { skills: '【阴谋】一位玩家获得你传出的假情报时，可以抽取任意一位玩家的一张手牌。【阳谋】你获得另一位玩家传出的假情报时，可以抽取任意一位玩家的一张手牌。（真伪莫辨和角色技能得到的不算）', mission: '手牌达到九张或以上。' },
  戴笠: { skills: '【笑里藏刀】另一位玩家获得你传出的真情报时，可以在他面前放置一张假情报。【运筹帷幄】获得真情报时，可以抽一张牌。', mission: '获得三张或以上蓝色情报。' },
  职业杀手: { skills: '【连击】一位玩家获得你传出的假情报时，你抽一张牌，然后可以在他面前再放一张假情报。【预谋】你的调虎离山可以当作锁定使用。', mission: '亲手让另一位玩家成为第二位或以后死亡的玩家。' },
  柒佰: { skills: '【敏锐】可以在他人回合使用锁定。【联动】你的锁定生效时，抽二张牌，再把一张手牌交给另一位玩家（强制）。【风度】你宣告胜利时，选择一位女性与你一同胜利（她的阵营不随之胜利）。', mission: '获得五张或以上真情报。' },
  贝雷帽: { skills: '【换日】你的黑色手牌可以当作锁定使用。【偷天】一位玩家获得你传出的假情报时，可以把他面前的一张真情报加入任意一位玩家的手牌。', mission: '手牌集齐三张红色和三张蓝色卡牌。' },
  黑手: { skills: '【残忍】你的文本卡牌可以当作锁定使用。【冷血】若你杀死一位玩家，回合结束时可以把桌面上的一张情报放到一位玩家面前。【滥杀】你杀死打酱油的玩家时，可以宣告单独胜利。', mission: '亲手杀死一位女性角色。' },
  易先生: { skills: '【贪婪】抽牌阶段改为抽三张牌。【洞察】你的退回和截获可以当作识破使用。【情仇】若你被女性杀死，她可以宣告单独胜利。', mission: '一位玩家宣告胜利时，已有玩家死亡：你的胜利使他的宣告失败。' },
  蝮蛇: { skills: '【声东击西】情报传递时，可以盖伏此角色，视为使用调虎离山（不能被识破）。【弹药无限】没有手牌时，可以翻开此角色，抽一张牌（盖伏时也能用）。', mission: '一位玩家宣告胜利时，没有玩家死亡：你的胜利使他的宣告失败。' },
  小白: { skills: '【乔装】既视为男性也视为女性。【收买】把四张手牌交给一位玩家，然后获得他面前的一张情报。【败露】获得六张或以上情报时，你输掉游戏。', mission: '你第一个死亡，或潜伏战线与军情处其中一方全灭。' },
  礼服蒙面人: { skills: '【英雄】获得假情报时，可以抽二张牌。【救美】一位女性（不是你）死亡时，可以翻开你的身份牌，烧毁你与她面前的所有假情报，救活她。', mission: '一位女性宣告胜利（与她一同胜利）。' },
  大美女: { skills: '【精明】抽牌阶段改为抽三张牌，然后把一张手牌放回牌库顶。【爱情】翻开你的身份牌（限一次），烧毁一位或两位玩家面前共二张假情报（不能被识破）。', mission: '一位男性角色宣告胜利时，你面前的假情报不多于一张（与他一同胜利）。' },
  致命香水: { skills: '【攻守兼备】你使用的锁定或调虎离山生效时，抽二张牌，再把一张手牌放回牌库顶。【临危受命】另一位玩家死亡时，在他翻开身份牌前，可以把你的身份牌移出游戏，换取他的身份牌，再把一位玩家面前的一张情报与牌库顶的牌调换。', mission: '无。' },
  千面女郎: { skills: '【城府】被试探时可以隐瞒身份。【逢缘】你的非直达情报可以选择传递方向。【笙歌】一位玩家使用真伪莫辨时，可以抽三张牌，再把一张手牌交给另一位玩家。', mission: '你左右两边第一位玩家之一宣告胜利；你的胜利使他的宣告失败。' },
  无间行者: { skills: '【城府】被试探时可以隐瞒身份。【加密】你的文本情报可以当作密电传递。【绝密】你传出的情报被截获或破译时，可以抽取一位玩家的一张手牌，或在他面前放置一张假情报。', mission: '一位玩家因获得你传出的情报而宣告胜利；你的胜利使他的宣告失败。' },
  福尔摩斯: { skills: '【揭露】情报传递时，可以弃一张黑色手牌，翻开传递中的一张密电；若为假情报，抽二张牌。【真相】一位玩家使用试探时，可以弃一张手牌，先检视该试探。', mission: '获得三张或以上红色情报。' },
  潮汐: { skills: '【城府】被试探时可以隐瞒身份。【时差】获得假情报时，可以把另一位玩家面前的一张情报加入手牌。', mission: '一位玩家因获得你传出的情报而宣告胜利；你的胜利使他的宣告失败。' },
  六姐: { skills: '【拷问】你试探一位玩家时，可以抽取他的一张手牌。【搜取】一位玩家死亡时，随机检视他的一张手牌，可以将其加入手牌或作为情报。', mission: '获得六张或以上情报。' },
  刀锋: { skills: '【亮剑】你的试探和退回可以当作锁定使用。【嗜血】另一位玩家死亡时，可以抽四张牌，然后把一张手牌分给任意一位玩家。', mission: '一位潜伏战线玩家和一位军情处玩家死亡。' },
  // 初版 (000_…, the 2009 rulebook): the first-print wording, with the skill names of docs/rules.md §11b.
  '老鬼·初版': { skills: '【就计】被试探时，可以翻开此角色，抽二张牌。【城府】被试探时可以隐瞒身份。【遗志】死亡时，可以把全部手牌交给一位玩家，他随机选三张作为情报。', mission: '死亡时，展示手牌，其中有四张或以上红色卡牌。' },
  '译电员·初版': { skills: '【速译】情报传递到你时，可以翻开此角色：视为使用破译，并抽一张牌。【洞悉】情报被破译时：盖伏此角色（强制）。', mission: '获得三张或以上蓝色情报。' },
  '老枪·初版': { skills: '【就计】被锁定或试探时，可以翻开此角色，抽二张牌。【合谋】盖伏此角色，并盖伏另一位玩家翻开的角色牌（潜伏与否皆可），你们互看身份牌。', mission: '获得三张或以上红色情报。' },
  '闪灵·初版': { skills: '【狙击】翻开此角色，烧毁另一位玩家的三张情报（不足三张则全部烧毁）。', mission: '潜伏战线全灭。' },
  '黑玫瑰·初版': { skills: '【血染玫瑰】翻开此角色，指定一位玩家，展示牌库顶一张牌：黑色则可在他面前放置最多三张假情报，否则只能放一张。', mission: '军情局全灭。' },
  '峨嵋风·初版': { skills: '【截上】翻开此角色：视为使用截获。【计中计】另一位玩家获得你传出的假情报时，可以烧毁你自己或一位女性的一张假情报。', mission: '获得三张或以上蓝色情报。' },
  '老金·初版': { skills: '【弃卒保帅】你的卡牌被识破时，可以翻开此角色，抽五张牌，再把二张手牌放回牌库顶。【釜底抽薪】获得假情报时，可以从手牌放一张假情报到自己面前，盖伏此角色，并在任意位玩家面前各放一张情报。', mission: '手牌集齐三张红色和三张蓝色卡牌。' },
  '情报处长·初版': { skills: '【隔墙有耳】一位玩家被试探时，可以抽一张牌，然后弃一张手牌或烧毁你的一张非假情报。', mission: '获得三张或以上红色情报。' },
  '职业杀手·初版': { skills: '【连击】一位玩家获得你传出的假情报时，可以在他面前再放一张假情报。【预谋】你的识破可以当作锁定使用。', mission: '亲手让一位玩家成为第二位或以后死亡的玩家。' },
  '礼服蒙面人·初版': { skills: '【英雄】获得假情报时，可以抽二张牌。【救美】一位女性死亡时，可以翻开你的身份牌，烧毁她面前的二张假情报来拯救她。', mission: '一位女性宣告胜利（与她一同胜利）。' },
  '柒佰·初版': { skills: '【敏锐】可以在他人回合使用锁定。【联动】你使用锁定时，抽二张牌，再把一张手牌交给另一位玩家（强制）。【风度】你宣告胜利时，选择一位女性与你一同胜利（不能选盖伏的角色）。', mission: '获得五张非假情报。' },
  '刀锋·初版': { skills: '【铁血】你的锁定不能被识破。【亮剑】你的试探可以当作锁定使用。【嗜血】一位玩家死亡时，可以抽二张牌，然后把一张手牌交给左手边的第一位玩家。', mission: '潜伏战线全灭。' },
  '大美女·初版': { skills: '【精明】抽牌阶段改为抽三张牌，然后把一张手牌放回牌库顶。【爱情】翻开你的身份牌（限一次），烧毁任意玩家的一张假情报。', mission: '一位男性角色宣告胜利时，你的假情报不多于一张（与他一同胜利）。' },
  '六姐·初版': { skills: '【拷问】你试探一位玩家时，可以抽取他的一张手牌。【搜取】一位玩家死亡时，可以抽取他的一张手牌作为你的情报。', mission: '获得六张情报。' },
  '小马哥·初版': { skills: '【英雄本色】获得另一位玩家传出的假情报时，抽一张牌，然后可以在一位玩家面前放置一张假情报。', mission: '军情局全灭。' },
  '怪盗阿十·初版': { skills: '【阴谋】一位玩家获得你传出的假情报时，可以抽取他的一张手牌。【阳谋】你获得一位玩家传出的假情报时，可以抽取他的一张手牌。', mission: '获得十张或以上的手牌。' },
  '贝雷帽·初版': { skills: '【逢缘】你的非直达情报可以选择传递方向。【换日】舍弃一张黑色手牌：视为使用锁定（可以被识破）。', mission: '游戏只剩下你和另一位玩家。' },
  '小白·初版': { skills: '【乔装】既视为男性也视为女性。【收买】把三张手牌交给一位玩家，然后获得他面前的一张情报。【败露】获得六张或以上情报时，你输掉游戏。', mission: '你第一个死亡，或潜伏战线与军情局其中一方全灭。' },
};

const EN: Record<string, CharText> = {
  老鬼: { skills: '就计: when 试探\'d or locked, may flip this and draw two. 城府: may answer a 试探 either way. 遗志: on death, may give all your hand to a player, who takes three at random as intel.', mission: 'At your death, four or more red cards in hand.' },
  译电员: { skills: '速译: while intel is passed, may flip this, look at the intel in transit and draw one. 洞悉: when intel is decoded (破译), may turn this face down.', mission: 'Three or more blue intel.' },
  老枪: { skills: '就计: when 试探\'d or locked, may flip this and draw two. 合谋: put a black intel in front of you, turn this and another face-up hidden character face down; you two see each other\'s identity.', mission: 'Three or more red intel.' },
  闪灵: { skills: '狙击: flip this; burn up to three intel in front of another player.', mission: 'With your own hand, kill a player who has no true (red/blue) intel.' },
  黑玫瑰: { skills: '血染玫瑰: flip this, name a player, show the top card of the deck: if black, you may place up to three black intel in front of them, else only one.', mission: 'With your own hand, kill a player with three or more true intel.' },
  峨嵋风: { skills: '截上: in others\' turns while intel is passed, may flip this: it acts as 截获 (no 识破 can answer it). 计中计: when someone takes true intel you sent, may burn one black intel in front of them.', mission: 'Three or more blue intel.' },
  老金: { skills: '弃卒保帅: when your card is negated, may flip this, draw five, put two hand cards back on top of the deck. 釜底抽薪: when you get black intel, may put a black card from hand in front of you, turn this face down, and place one intel from hand in front of any players.', mission: 'Three red and three blue cards in hand.' },
  浮萍: { skills: '先机: flip this; take two cards from another player\'s hand, then they draw two. 后着: on death, may look at another player\'s hand and place one of its cards in front of a player.', mission: 'Be the second or a later player to die.' },
  黄雀: { skills: '潜藏伏击: flip this; put one intel in front of another player back on top of the deck. 黄雀在后: when another player dies, may show your identity and place up to two black intel in front of a player.', mission: 'One 潜伏战线 and one 军情处 player are dead.' },
  钢铁特工R: { skills: '警觉: when a card is used, may flip this: it acts as 识破 (no 识破 can answer it). 掩护: take a black intel from in front of a player, then turn this face down.', mission: 'Four 识破 in hand.' },
  情报处长: { skills: '隔墙有耳: when your 试探 takes effect (not if 识破\'d), may draw two, then put one hand card back on top of the deck. 偷龙转凤: when intel arrives at you, may discard a hand card and swap the intel with the top card of the deck (it stays face up or face down).', mission: 'Three or more red intel.' },
  小马哥: { skills: '英雄本色: when you get black intel, draw one, then you may place a black card from hand as intel in front of a player.', mission: 'One 潜伏战线 and one 军情处 player are dead.' },
  怪盗九九: { skills: '阴谋: when a player gets black intel you sent, may take a random hand card from any player. 阳谋: when you get black intel another player sent, may take a random hand card from any player. (Not for intel from 真伪莫辨 or skills.)', mission: 'Nine or more cards in hand.' },
  戴笠: { skills: '笑里藏刀: when another player gets red/blue intel you sent, may place a black card from hand as intel in front of them. 运筹帷幄: when you get red/blue intel, may draw one.', mission: 'Three or more blue intel.' },
  职业杀手: { skills: '连击: when a player takes black intel you sent, draw one, then you may place a black card from hand in front of them. 预谋: your 调虎离山 may be used as 锁定.', mission: 'With your own hand, make another player the second or a later one to die.' },
  柒佰: { skills: '敏锐: you may use 锁定 in others\' turns. 联动: when your 锁定 takes effect, draw two, then give one hand card to another player (mandatory). 风度: when you declare victory, choose a female to win with you (her faction does not).', mission: 'Five or more true (red/blue) intel.' },
  贝雷帽: { skills: '换日: your black hand cards may be used as 锁定. 偷天: when a player takes black intel you sent, you may put one of their true intel into any player\'s hand.', mission: 'Three red and three blue cards in hand.' },
  黑手: { skills: '残忍: your 文本 cards may be used as 锁定. 冷血: if you killed a player, at the end of that turn you may move one intel on the table to in front of a player. 滥杀: when you kill an 打酱油 player, you may declare victory alone.', mission: 'With your own hand, kill a female character.' },
  易先生: { skills: '贪婪: draw three in your draw phase. 洞察: your 退回 and 截获 may be used as 识破. 情仇: if a female kills you, she may declare victory alone.', mission: 'When a player declares victory and someone has already died, you win instead.' },
  蝮蛇: { skills: '声东击西: while intel is passed, may turn this face down: it acts as 调虎离山 (no 识破 can answer it). 弹药无限: with no hand card, may flip this face up and draw one (also usable face down).', mission: 'When a player declares victory and nobody has died, you win instead.' },
  小白: { skills: '乔装: counts as both male and female. 收买: give four hand cards to a player, then take one intel in front of them as your intel. 败露: with six or more intel, you lose the game.', mission: 'Be the first to die, or every 潜伏战线 or every 军情处 player is gone.' },
  礼服蒙面人: { skills: '英雄: when you get black intel, may draw two. 救美: when a woman (not you) dies, may show your identity card and burn all black intel in front of you and her: she lives.', mission: 'A woman declares victory (you win with her).' },
  大美女: { skills: '精明: your draw phase draws three, then put one hand card back on top of the deck. 爱情: show your identity card (once) and burn two black intel in front of one or two players (no 识破 can answer it).', mission: 'When a male character declares victory, you have at most one black intel (you win with him).' },
  致命香水: { skills: '攻守兼备: when your 锁定 or 调虎离山 takes effect, draw two, then put one hand card back on top of the deck. 临危受命: when another player dies, before his identity is revealed, may put your identity card out of the game and take his, then swap one intel in front of a player with the top card of the deck.', mission: 'None.' },
  千面女郎: { skills: '城府: may answer a 试探 either way. 逢缘: you choose the direction of your non-直达 intel. 笙歌: when someone uses 真伪莫辨, may draw three, then give one hand card to another player.', mission: 'The first player on your left or on your right declares victory; your win makes theirs fail.' },
  无间行者: { skills: '城府: may answer a 试探 either way. 加密: your 文本 intel may be sent as 密电. 绝密: when intel you sent is intercepted (截获) or decoded (破译), may take a random hand card of a player, or place a black card from your hand as intel in front of them.', mission: 'A player declares victory because of intel you sent; your win makes theirs fail.' },
  福尔摩斯: { skills: '揭露: while intel is passed, may discard a black card to turn a face-down 密电 in transit face up; if it is black, draw two. 真相: when someone uses 试探, may discard a card to look at that 试探 first.', mission: 'Three or more red intel.' },
  潮汐: { skills: '城府: may answer a 试探 either way. 时差: when you get black intel, may take one intel in front of another player into your hand.', mission: 'A player declares victory through intel you sent; your victory overturns theirs.' },
  六姐: { skills: '拷问: when you 试探 a player, may take one random card from their hand. 搜取: when a player dies, look at one random card of their hand; may take it into your hand or as intel.', mission: 'Six or more intel.' },
  刀锋: { skills: '亮剑: your 试探 and 退回 may be used as 锁定. 嗜血: when another player dies, may draw four, then give one hand card to any player.', mission: 'One 潜伏战线 and one 军情处 player are dead.' },
  // 初版 (000_…, the 2009 rulebook).
  '老鬼·初版': { skills: '就计: when 试探\'d, may flip this and draw two. 城府: may answer a 试探 either way. 遗志: on death, may give all your hand to a player, who takes three at random as intel.', mission: 'At your death, four or more red cards in hand.' },
  '译电员·初版': { skills: '速译: when intel reaches you, may flip this: it acts as 破译, and you draw one. 洞悉: whenever intel is decoded (破译), this turns face down (mandatory).', mission: 'Three or more blue intel.' },
  '老枪·初版': { skills: '就计: when locked or 试探\'d, may flip this and draw two. 合谋: turn this and another player\'s face-up character (hidden or not) face down; you two see each other\'s identity.', mission: 'Three or more red intel.' },
  '闪灵·初版': { skills: '狙击: flip this; burn three intel of another player (all of them if fewer).', mission: 'Every 潜伏战线 player is gone.' },
  '黑玫瑰·初版': { skills: '血染玫瑰: flip this, name a player, show the top card of the deck: if black, you may place up to three black intel in front of them, else only one.', mission: 'Every 军情处 player is gone.' },
  '峨嵋风·初版': { skills: '截上: flip this: it acts as 截获. 计中计: when another player takes black intel you sent, may burn one black intel of yours or of a woman.', mission: 'Three or more blue intel.' },
  '老金·初版': { skills: '弃卒保帅: when your card is negated, may flip this, draw five, put two hand cards back on top of the deck. 釜底抽薪: when you get black intel, may put a black card from hand in front of you, turn this face down, and place one intel from hand in front of any players.', mission: 'Three red and three blue cards in hand.' },
  '情报处长·初版': { skills: '隔墙有耳: when any player is 试探\'d, may draw one, then discard a hand card or burn one of your own red/blue intel.', mission: 'Three or more red intel.' },
  '职业杀手·初版': { skills: '连击: when a player takes black intel you sent, may place one more black card from hand in front of them. 预谋: your 识破 may be used as 锁定.', mission: 'With your own hand, make a player the second or a later one to die.' },
  '礼服蒙面人·初版': { skills: '英雄: when you get black intel, may draw two. 救美: when a woman dies, may show your identity card and burn two of her black intel: she lives.', mission: 'A woman declares victory (you win with her).' },
  '柒佰·初版': { skills: '敏锐: you may use 锁定 in others\' turns. 联动: when you use 锁定, draw two, then give one hand card to another player (mandatory). 风度: when you declare victory, choose a woman to win with you (not a face-down character).', mission: 'Five non-black intel.' },
  '刀锋·初版': { skills: '铁血: your 锁定 cannot be 识破\'d. 亮剑: your 试探 may be used as 锁定. 嗜血: when a player dies, may draw two, then give one hand card to the first player on your left.', mission: 'Every 潜伏战线 player is gone.' },
  '大美女·初版': { skills: '精明: your draw phase draws three, then put one hand card back on top of the deck. 爱情: show your identity card (once) and burn one black intel of any player.', mission: 'When a male character declares victory, you have at most one black intel (you win with him).' },
  '六姐·初版': { skills: '拷问: when you 试探 a player, may take one random card from their hand. 搜取: when a player dies, may take one random card of their hand as your intel.', mission: 'Six intel.' },
  '小马哥·初版': { skills: '英雄本色: when you get black intel another player sent, draw one, then you may place a black card from hand as intel in front of a player.', mission: 'Every 军情处 player is gone.' },
  '怪盗阿十·初版': { skills: '阴谋: when a player gets black intel you sent, may take a random card from their hand. 阳谋: when you get black intel a player sent, may take a random card from their hand.', mission: 'Ten or more cards in hand.' },
  '贝雷帽·初版': { skills: '逢缘: you choose the direction of your non-直达 intel. 换日: discard a black hand card: it acts as 锁定 (识破 can answer it).', mission: 'Only you and one other player are left in the game.' },
  '小白·初版': { skills: '乔装: counts as both male and female. 收买: give three hand cards to a player, then take one intel in front of them as yours. 败露: with six or more intel, you lose the game.', mission: 'Be the first to die, or every 潜伏战线 or every 军情处 player is gone.' },
};

/** The character's skills and 机密任务 in words; null for a name we have no text for. */
export function characterText(l: Locale, name: string): CharText | null {
  return (l === 'en' ? EN : ZH)[name] ?? ZH[name] ?? null;
}

export function characterNames(): string[] {
  return Object.keys(ZH);
}
