// Every user-facing string comes from here. zh-CN is the default.
import { en } from './en.js';
import { zhCN, type MessageKey } from './zh-CN.js';

export type Locale = 'zh-CN' | 'en';
export type { MessageKey };

const TABLES: Record<Locale, Record<MessageKey, string>> = { 'zh-CN': zhCN, en };

/**
 * Each text split once at its `{name}`s: literal, name, literal, … (even places literal). The table
 * and panels ask for thousands of texts a second, and a regular expression each time showed.
 */
const PARTS: Record<Locale, Map<MessageKey, string[]>> = { 'zh-CN': new Map(), en: new Map() };

function partsOf(locale: Locale, key: MessageKey): string[] {
  let parts = PARTS[locale].get(key);
  if (!parts) PARTS[locale].set(key, (parts = (TABLES[locale][key] ?? zhCN[key]).split(/\{(\w+)\}/)));
  return parts;
}

export function t(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  const parts = partsOf(locale, key);
  if (parts.length === 1) return parts[0];
  let out = parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    const k = parts[i];
    out += (k in params ? String(params[k]) : `{${k}}`) + parts[i + 1];
  }
  return out;
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
