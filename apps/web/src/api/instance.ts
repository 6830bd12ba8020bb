import { API_BASE, DEFAULT_APP_ID, LIMITS } from '@lodestar/domain';
import { message } from 'antd';
import i18n from '../i18n/index.ts';
import { useSession } from '../store/session.ts';
import { type ClientEffects, createApiClient } from './client.ts';

const browserEffects: ClientEffects = {
  toast: (content) => void message.error({ content, duration: LIMITS.toastSeconds }),
  reload: () => window.location.reload(),
  clearSession: () => useSession.getState().clearSession(),
  goLogin: () => window.location.assign('/login'),
  t: (key) => i18n.t(key),
};

let effects = browserEffects;

/** The shell swaps in the context-aware toast of antd's `App` once it is mounted. */
export function setApiEffects(overrides: Partial<ClientEffects>): void {
  effects = { ...browserEffects, ...overrides };
}

export const api = createApiClient({
  baseUrl: import.meta.env.VITE_API_BASE || API_BASE,
  appId: import.meta.env.VITE_APP_ID || DEFAULT_APP_ID,
  getToken: () => useSession.getState().token,
  getLanguage: () => useSession.getState().language,
  effects: {
    toast: (m) => effects.toast(m),
    reload: () => effects.reload(),
    clearSession: () => effects.clearSession(),
    goLogin: () => effects.goLogin(),
    t: (k) => effects.t(k),
    vipExpired: (m) => (effects.vipExpired ?? effects.toast)(m),
  },
});
