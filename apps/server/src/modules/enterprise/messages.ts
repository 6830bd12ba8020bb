import type { MessageCatalogue } from '../../lib/messages.ts';

/** The enterprise module's server messages (registered by enterpriseRoutes). */
export const ENTERPRISE_MESSAGES = {
  enterpriseNoAdmin: {
    zh: '该单位没有管理员账号，请在用户管理中添加',
    en: 'This unit has no administrator account; add one under Users',
    fr: 'Cette unité n’a pas de compte administrateur ; ajoutez-en un dans Utilisateurs',
  },
} as const satisfies MessageCatalogue;

declare module '../../lib/messages.ts' {
  interface ModuleMessageKeys extends Record<keyof typeof ENTERPRISE_MESSAGES, true> {}
}
