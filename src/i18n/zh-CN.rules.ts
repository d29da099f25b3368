// 简体中文, the pages of /fengsheng rules (src/discord/rules-pages.ts): spread into zh-CN.ts, kept apart
// so that each file stays short. Keys are shared with en.rules.ts.
export const zhCNRules = {
  'rules.pageTurn': '一回合怎么玩',
  'rules.pageCards': '卡牌',
  'rules.pageIdentities': '身份分配',
  'rules.pageCharacters': '角色（{page}/{pages}）',
  'rules.pageMorse': '摩尔密码表',
  'rules.pageClassic': '初版角色（{page}/{pages}）',
  'rules.classicIntro': '角色版本选「初版」时，发的是 2009 年说明书的 18 位角色，技能和机密任务按初版原文（技能名用标准版的同名技能或本产品起的短名）。可选「胜利情报数 4」（调整胜利条件）：潜伏战线/军情处要四张红色/蓝色情报才胜利，假情报仍是三张致死，机密任务的数字不变。',
  'rules.mission': '机密任务：{mission}',
  'rules.pageOf': '第{page}/{pages}页 · 用 ◀ ▶ 翻页',
  'rules.turn': '**目标**：潜伏战线集齐三张红色情报、军情处集齐三张蓝色情报即获胜；打酱油的完成自己的机密任务。面前有三张黑色情报的人死亡。\n\n**轮到你时**频道里会@你。按牌桌上的「我的信息」打开你的面板——它会自己更新，之后不用再按。\n1. **抽牌阶段**：自动抽二张牌。\n2. **出牌阶段**：在面板的「使用一张牌」菜单里选牌，再按目标；不再出牌就按「过」。\n3. **传递情报**：在「传出情报」菜单里选一张牌，按「传出」确认（直达情报先选传给谁）。情报一张张往下家传，每到一人都有响应窗口。\n4. **情报到你面前**：按「接收」或「不接收」；被锁定时必须接收，传回传出者时他必须接收。\n5. **别人出牌、情报传递时**（响应窗口）：有能用的牌就出；没有的话什么也不用按，响应时间到了系统替你「过」。按「本回合不再响应」则本回合都替你过；「只在与我有关时询问」一直有效。\n6. 最后出的牌最先结算（后发先至）。「日志」按钮看整局记录。',
  'rules.identitiesIntro': '开局每人随机拿到一张身份牌，只有自己知道。',
  'rules.split': '{n}人：{split}{alt}',
  'rules.altSplit': '（可选：{split}）',
  'rules.charactersIntro': '开局每人从两个角色中选一个。潜伏角色开局盖伏，盖伏时没有性别，只能用「翻开此角色」的技能；其他角色开局翻开。',
  'rules.morseIntro': '《风声》规则书（2009）附的摩尔密码表，原样照录：',
} as const;
