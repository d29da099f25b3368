// Every user-facing string comes from here. zh-CN is the default.
import { en } from './en.js';
import { zhCN, type MessageKey } from './zh-CN.js';

export type Locale = 'zh-CN' | 'en';
export type { MessageKey };

const TABLES: Record<Locale, Record<MessageKey, string>> = { 'zh-CN': zhCN, en };

export function t(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  const text = TABLES[locale][key] ?? zhCN[key];
  if (!text.includes('{')) return text;
  return text.replace(/\{(\w+)\}/g, (_, k: string) => (k in params ? String(params[k]) : `{${k}}`));
}

/** The server's setting wins; else the user's Discord locale; else Chinese. */
export function pickLocale(serverSetting: string | null | undefined, userLocale: string | null | undefined): Locale {
  if (serverSetting === 'zh-CN' || serverSetting === 'en') return serverSetting;
  if (userLocale && userLocale.startsWith('zh')) return 'zh-CN';
  if (userLocale && userLocale.startsWith('en')) return 'en';
  return 'zh-CN';
}

export function hasKey(key: string): key is MessageKey {
  return key in zhCN;
}
