import type { ColumnSpec, Texts } from '../../lib/list-export.ts';
import type { UserService } from './service.ts';

type UserRowOut = Awaited<ReturnType<UserService['list']>>['rows'][number];

const ACCOUNT_TYPE: Record<number, Texts> = {
  1: { zh: '超级管理员', en: 'Super administrator', fr: 'Super administrateur' },
  2: { zh: '管理员', en: 'Administrator', fr: 'Administrateur' },
  3: { zh: '普通用户', en: 'Ordinary user', fr: 'Utilisateur' },
  4: { zh: '安装师傅', en: 'Installer', fr: 'Installateur' },
};

/** The accounts page's columns; the account type as its text, as the page shows it. */
export const USER_COLUMNS: ColumnSpec<UserRowOut>[] = [
  [{ zh: '用户名', en: 'User name', fr: 'Nom d’utilisateur' }, 16, (r) => r.UserName],
  [{ zh: '登录手机号', en: 'Login phone', fr: 'Téléphone de connexion' }, 16, (r) => r.Phone],
  [{ zh: '账号类型', en: 'Account type', fr: 'Type de compte' }, 14, (r, l) => ACCOUNT_TYPE[r.AccountType]?.[l] ?? ''],
  [{ zh: '所属单位', en: 'Unit', fr: 'Unité' }, 20, (r) => r.HoldName],
  [{ zh: '联系人', en: 'Contact', fr: 'Contact' }, 12, (r) => r.Contact],
  [{ zh: '邮箱', en: 'E-mail', fr: 'E-mail' }, 22, (r) => r.Email],
  [{ zh: '服务到期', en: 'Service end', fr: 'Fin de service' }, 12, (r) => r.ServiceEndDate],
  [{ zh: '时区', en: 'Time zone', fr: 'Fuseau horaire' }, 16, (r) => r.TimeZone],
  [{ zh: '备注', en: 'Remark', fr: 'Remarque' }, 20, (r) => r.Remark],
  [{ zh: '创建时间', en: 'Created', fr: 'Créé le' }, 20, (r) => r.CreateTime],
];

export const USER_EXPORT_NAME = { zh: '账号', en: 'Accounts', fr: 'Comptes' };
