import { AccountType, LANGS, MenuPosition } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { DateText, Id, Literals, Paging, Phone, ReplyOf } from './common.ts';

const UserName = Type.String({ minLength: 2, maxLength: 32 });
const Email = Type.Union([Type.Literal(''), Type.String({ format: 'email', maxLength: 128 })]);
const Funs = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 500 });
const DateOnly = Type.Union([Type.Literal(''), Type.Null(), DateText]);
const TimeZone = Type.String({ minLength: 1, maxLength: 64 });
/** A daily log-in window's end, "HH:mm" in the user's time zone; '' or null: no window. */
const ClockTime = Type.String({ pattern: '^(?:[01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:mm' });
export const AccessTime = Type.Union([Type.Literal(''), Type.Null(), ClockTime]);
const AccountTypeSchema = Literals([AccountType.Admin, AccountType.User, AccountType.Installer], {
  description: '2 administrator, 3 ordinary user, 4 installer',
});

const editable = {
  HoldID: Id,
  Phone,
  UserName,
  AccountType: AccountTypeSchema,
  Funs,
  Contact: Type.Optional(Type.String({ maxLength: 32 })),
  Email: Type.Optional(Email),
  Remark: Type.Optional(Type.String({ maxLength: 200 })),
  TimeZone: Type.Optional(TimeZone),
  ServiceEndDate: Type.Optional(DateOnly),
  Address: Type.Optional(Type.String({ maxLength: 200 })),
  /** Start and end of the daily log-in window (both or neither); an end before the start runs past midnight. */
  AccessStart: Type.Optional(AccessTime),
  AccessEnd: Type.Optional(AccessTime),
  DefaultProvince: Type.Optional(Type.String({ maxLength: 32 })),
};

export const AddUserBody = Type.Object({ ...editable, UserPassword: Type.String({ minLength: 1, maxLength: 64 }) });
export const ModifyUserBody = Type.Object({
  UserID: Id,
  HoldID: Type.Optional(Id),
  Phone: Type.Optional(Phone),
  UserName: Type.Optional(UserName),
  AccountType: Type.Optional(AccountTypeSchema),
  Funs: Type.Optional(Funs),
  Contact: editable.Contact,
  Email: editable.Email,
  Remark: editable.Remark,
  TimeZone: editable.TimeZone,
  ServiceEndDate: editable.ServiceEndDate,
  Address: editable.Address,
  AccessStart: editable.AccessStart,
  AccessEnd: editable.AccessEnd,
  DefaultProvince: editable.DefaultProvince,
});
export const UserIdBody = Type.Object({ UserID: Id });
export const SetFunsBody = Type.Object({ UserID: Id, Funs });
export const ResetPasswordBody = Type.Object({ UserID: Id, NewPass: Type.String({ minLength: 1, maxLength: 64 }) });
const userFilters = {
  HoldID: Type.Optional(Id),
  Keyword: Type.Optional(Type.String({ maxLength: 64 })),
  SortColumn: Type.Optional(Literals(['UserName', 'Phone', 'CreateTime', 'HoldName', 'AccountType'])),
  SortType: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
};
export const UserListBody = Type.Object({ ...Paging, ...userFilters });
/** User/ExportUserList: GetUserList's body without paging. */
export const UserExportBody = Type.Object(userFilters);
export const ChangePasswordBody = Type.Object({
  OldPass: Type.String({ minLength: 1, maxLength: 64 }),
  NewPass: Type.String({ minLength: 1, maxLength: 64 }),
  ConfirmPass: Type.String({ minLength: 1, maxLength: 64 }),
});
export const SettingsBody = Type.Object({
  UserName: Type.Optional(UserName),
  Contact: editable.Contact,
  Email: editable.Email,
  TimeZone: Type.Optional(TimeZone),
  MenuPosition: Type.Optional(Literals([MenuPosition.Top, MenuPosition.Left, MenuPosition.Right])),
  Language: Type.Optional(Literals(LANGS)),
  DefaultProvince: Type.Optional(Type.String({ maxLength: 32 })),
});

const userFields = {
  UserID: Type.Integer(),
  UserName: Type.String(),
  Phone: Type.String(),
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  AccountType: Type.Integer(),
  Funs: Type.Array(Type.Integer()),
  Contact: Type.String(),
  Email: Type.String(),
  Remark: Type.String(),
  TimeZone: Type.String(),
  ServiceEndDate: Type.Union([Type.String(), Type.Null()]),
  Address: Type.String(),
  AccessStart: Type.Union([Type.String(), Type.Null()]),
  AccessEnd: Type.Union([Type.String(), Type.Null()]),
  DefaultProvince: Type.String(),
  CreateTime: Type.String(),
};
export const UserRowSchema = Type.Object(userFields);
export const ProfileSchema = Type.Object({
  ...userFields,
  MenuPosition: Type.Integer(),
  Language: Type.String(),
});
export const UserListReply = ReplyOf(Type.Object({ rows: Type.Array(UserRowSchema), total: Type.Integer() }));
export const AddUserReply = ReplyOf(Type.Object({ UserID: Type.Integer() }));
export const ProfileReply = ReplyOf(ProfileSchema);

export type AddUserInput = Static<typeof AddUserBody>;
export type AddUserResult = Static<typeof AddUserReply>['data'];
export type UserSortColumn = NonNullable<UserListInput['SortColumn']>;
export type ModifyUserInput = Static<typeof ModifyUserBody>;
export type UserListInput = Static<typeof UserListBody>;
export type UserFilterInput = Static<typeof UserExportBody>;
export type ChangePasswordInput = Static<typeof ChangePasswordBody>;
export type SettingsInput = Static<typeof SettingsBody>;
export type UserRow = Static<typeof UserRowSchema>;
export type Profile = Static<typeof ProfileSchema>;
