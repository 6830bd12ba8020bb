import type { FileIdData } from '@lodestar/contract/common';
import type {
  AddUserInput,
  AddUserResult,
  ModifyUserInput,
  UserFilterInput,
  UserListInput,
  UserRow,
  UserSortColumn,
} from '@lodestar/contract/users';
import type { Page } from '@lodestar/domain';
import { api } from '../../../api/instance.ts';

/** A row of `User/GetUserList`. */
export type { UserRow, UserSortColumn };

/** The list's filters: its export body less the order the table owns. HoldID absent = the caller's whole subtree. */
export type UserFilters = Omit<UserFilterInput, 'SortColumn' | 'SortType'>;

export const USERS_KEY = ['accounts', 'users'] as const;

export const getUserList = (q: UserListInput) => api.post<Page<UserRow>>('User/GetUserList', q);
/** The list's filters and order without paging; answers the download-centre entry. */
export const exportUserList = (q: UserFilterInput) => api.post<FileIdData>('User/ExportUserList', q);
export const addUser = (body: AddUserInput) => api.post<AddUserResult>('User/AddUser', body);
export const modifyUser = (body: ModifyUserInput) => api.post<null>('User/ModifyUser', body);
export const removeUser = (UserID: number) => api.post<null>('User/RemoveUser', { UserID });
export const resetPassword = (UserID: number, NewPass: string) =>
  api.post<null>('User/ResetPassword', { UserID, NewPass });
export const setUserFuns = (UserID: number, Funs: number[]) => api.post<null>('User/SetUserFuns', { UserID, Funs });
