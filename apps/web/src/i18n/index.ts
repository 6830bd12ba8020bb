import { FALLBACK_LANG, LANGS, type Language } from '@lodestar/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import 'dayjs/locale/zh-cn';
import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useSession } from '../store/session.ts';

export const NAMESPACES = [
  'common',
  'menu',
  'auth',
  'shell',
  'user',
  'errors',
  'monitor',
  'sims',
  'work-orders',
  'table',
  'catalogue',
  'accounts',
  'sms',
  'notices',
  'payments',
  'renewal',
  'reconciliation',
  'reports',
  'imports',
  'moves',
  'dashboard',
  'devices',
  'vehicles',
  'history',
  'events',
  'zones',
  'commands',
  'messages',
  'photos',
  'invoices',
  'install-phone',
  'install',
  'wallet',
  'insurance',
  'geo',
  'bulletins',
] as const;

const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

const resources: Resource = {};
for (const [path, mod] of Object.entries(files)) {
  const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) continue;
  const lang = match[1];
  resources[lang] ??= {};
  const bucket = resources[lang];
  if (bucket) bucket[match[2]] = mod.default;
}

const DAYJS_LOCALE: Record<Language, string> = { zh: 'zh-cn', en: 'en', fr: 'fr' };

/** Applies a language to i18next, dayjs and the document. Ant Design follows through the ConfigProvider. */
export function applyLanguage(lang: Language): void {
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  dayjs.locale(DAYJS_LOCALE[lang]);
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'zh' ? 'zh-CN' : lang;
}

const initial = useSession.getState().language;

void i18n.use(initReactI18next).init({
  resources,
  lng: initial,
  supportedLngs: [...LANGS],
  fallbackLng: FALLBACK_LANG,
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyLanguage(initial);

export default i18n;

useSession.subscribe((state, previous) => {
  if (state.language !== previous.language) applyLanguage(state.language);
});
