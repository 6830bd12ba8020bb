import type { UserRow } from '@lodestar/contract/users';
import type { Page } from '@lodestar/domain';
import { api } from '../../../api/instance.ts';
import type { PageQuery } from '../../../components/table/index.ts';

/** A row of `User/GetUserList`. */
export type { UserRow };

export interface UserFilters {
  /** The unit whose subtree is listed; absent = the caller's whole subtree. */
  HoldID?: number;
  Keyword: string;
}

export interface UserBody {
  HoldID: number;
  Phone: string;
  UserName: string;
  AccountType: number;
  Contact?: string;
  Email?: string;
  Remark?: string;
  ServiceEndDate?: string | null;
}

export const USERS_KEY = ['accounts', 'users'] as const;

export const getUserList = (q: UserFilters & PageQuery) => api.post<Page<UserRow>>('User/GetUserList', q);
/** The list's filters and order without paging; answers the download-centre entry. */
export const exportUserList = (q: UserFilters & Pick<PageQuery, 'SortColumn' | 'SortType'>) =>
  api.post<{ FileID: number }>('User/ExportUserList', q);
export const addUser = (body: UserBody & { UserPassword: string; Funs: number[] }) =>
  api.post<{ UserID: number }>('User/AddUser', body);
export const modifyUser = (body: Partial<UserBody> & { UserID: number }) => api.post<null>('User/ModifyUser', body);
export const removeUser = (UserID: number) => api.post<null>('User/RemoveUser', { UserID });
export const resetPassword = (UserID: number, NewPass: string) =>
  api.post<null>('User/ResetPassword', { UserID, NewPass });
export const setUserFuns = (UserID: number, Funs: number[]) => api.post<null>('User/SetUserFuns', { UserID, Funs });
