import type { ManageRefusal } from '@lodestar/domain';
import type { MessageCatalogue } from '../../lib/messages.ts';

/** The users module's server messages (registered with lib/messages.ts's catalogue by userRoutes). */
export const USERS_MESSAGES = {
  userTypeAbove: {
    zh: '不能管理账号类型高于自己的账号',
    en: 'You cannot manage an account whose type is above yours',
    fr: 'Vous ne pouvez pas gérer un compte d’un type supérieur au vôtre',
  },
  userHasMoreFunctions: {
    zh: '不能管理拥有您所没有的权限的账号',
    en: 'You cannot manage an account that holds functions you do not have',
    fr: 'Vous ne pouvez pas gérer un compte qui détient des fonctions que vous n’avez pas',
  },
  accountTypeAboveOwn: {
    zh: '不能设置高于自己的账号类型',
    en: 'You cannot give an account type above your own',
    fr: 'Vous ne pouvez pas attribuer un type de compte supérieur au vôtre',
  },
  cannotChangeOwnTerms: {
    zh: '不能修改自己的账号类型、所属单位、服务到期日或登录时段',
    en: 'You cannot change your own account type, organisation, service end date or log-in hours',
    fr: 'Vous ne pouvez pas modifier votre propre type de compte, organisation, date de fin de service ou heures de connexion',
  },
  accessWindowBothEnds: {
    zh: '登录时段需同时填写开始和结束时间',
    en: 'A log-in window needs both a start and an end time',
    fr: 'Une plage de connexion demande une heure de début et une heure de fin',
  },
  accessWindowEmpty: {
    zh: '登录时段的开始和结束时间不能相同',
    en: 'The start and end of the log-in window cannot be the same time',
    fr: 'Le début et la fin de la plage de connexion ne peuvent pas être identiques',
  },
} as const satisfies MessageCatalogue;

declare module '../../lib/messages.ts' {
  interface ModuleMessageKeys extends Record<keyof typeof USERS_MESSAGES, true> {}
}

/** The message each refusal of the domain's manage rule answers with. */
export const REFUSAL_MESSAGE = {
  superAdmin: 'superAdminProtected',
  typeAbove: 'userTypeAbove',
  moreFunctions: 'userHasMoreFunctions',
} as const satisfies Record<ManageRefusal, string>;
