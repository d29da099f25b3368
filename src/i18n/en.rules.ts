// English, the pages of /fengsheng rules (src/discord/rules-pages.ts): spread into en.ts.
import type { zhCNRules } from './zh-CN.rules.js';

export const enRules: Record<keyof typeof zhCNRules, string> = {
  'rules.pageTurn': 'A turn, step by step',
  'rules.pageCards': 'The cards',
  'rules.pageIdentities': 'Identities',
  'rules.pageCharacters': 'Characters ({page}/{pages})',
  'rules.pageClassic': 'First-print characters ({page}/{pages})',
  'rules.classicIntro': 'With the character set 初版 (first print), the 18 characters of the 2009 rulebook are dealt, their skills and 机密任务 as first printed (skill names: the standard one where it is the same idea, else a short name of ours). Optional victory intel 4 (调整胜利条件): 潜伏战线/军情处 need four red/blue intel to win; three black still kill, and every 机密任务 keeps its number.',
  'rules.mission': '机密任务: {mission}',
  'rules.pageMorse': 'Morse table (摩尔密码表)',
  'rules.pageOf': 'Page {page}/{pages} · turn with ◀ ▶',
  'rules.turn': '**Goal**: 潜伏战线 wins with three red intel, 军情处 with three blue; 打酱油的 wins by their secret mission (机密任务). Three black intel in front of you and you die.\n\n**On your turn** the channel mentions you. Press "My info" on the table to open your panel — it updates itself from then on.\n1. **Draw**: you draw two cards.\n2. **Play phase**: pick a card in the panel\'s "Use a card" menu, then its target; press "Pass" when you are done.\n3. **Send intel**: pick a card in "Send as intel", then press "Send" (for 直达, first pick who gets it). It travels seat by seat, with a response window at each.\n4. **Intel reaches you**: press "Take" or "Refuse"; locked (锁定) you must take it, and so must its sender when it comes back.\n5. **While others play or intel travels** (response windows): use a card if you have one; otherwise press nothing — when the response clock runs out you have passed. "No more responses this turn" passes for you for the turn; "Ask me only when it concerns me" lasts.\n6. The last card played resolves first (后发先至). The "Log" button shows the whole game.',
  'rules.identitiesIntro': 'Each player gets one identity card at random, seen only by them.',
  'rules.split': '{n} players: {split}{alt}',
  'rules.altSplit': ' (optional: {split})',
  'rules.charactersIntro': 'Each player picks one of two characters. Hidden (潜伏) characters start face down, have no gender while face down, and can use only their "turn this character face up" skills; the others start face up.',
  'rules.morseIntro': 'The Morse table printed in the 风声 rulebook (2009), as printed:',
};
