import { type Static, Type } from 'typebox';
import { DateText, HoldTypeSchema, Id, Nullable, Paging, Phone, ReplyOf } from './common.ts';
import { AccessTime } from './users.ts';

/**
 * Info management's enterprises (/info/enterprise, function 69): a hold and its first administrator
 * account, added in one transaction. Spec section 3's User/enterprise: the hold's name, then the
 * administrator's log-in phone (the login name: accounts log in by phone), name, password,
 * contact, e-mail, remark, time zone, address, service end, daily log-in window, default province
 * and functions (permissions). Moving an enterprise is Hold/MoveHold; resetting its
 * administrator's password is User/ResetPassword.
 */
const HoldName = Type.String({ minLength: 1, maxLength: 64 });
const UserName = Type.String({ minLength: 2, maxLength: 32 });
const Email = Type.Union([Type.Literal(''), Type.String({ format: 'email', maxLength: 128 })]);
const Funs = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 500 });
const DateOnly = Type.Union([Type.Literal(''), Type.Null(), DateText]);
// Spec section 5: contact and address are required where a form has them.
const Contact = Type.String({ minLength: 1, maxLength: 32 });
const Address = Type.String({ minLength: 1, maxLength: 200 });

const adminFields = {
  Contact: Type.Optional(Contact),
  Email: Type.Optional(Email),
  Remark: Type.Optional(Type.String({ maxLength: 200 })),
  TimeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  Address: Type.Optional(Address),
  ServiceEndDate: Type.Optional(DateOnly),
  AccessStart: Type.Optional(AccessTime),
  AccessEnd: Type.Optional(AccessTime),
  DefaultProvince: Type.Optional(Type.String({ maxLength: 32 })),
};

export const AddEnterpriseBody = Type.Object({
  parentHoldId: Id,
  HoldName,
  HoldType: Type.Optional(HoldTypeSchema),
  Phone,
  UserName,
  UserPassword: Type.String({ minLength: 1, maxLength: 64 }),
  Funs,
  ...adminFields,
  Contact,
  Address,
});
export const ModifyEnterpriseBody = Type.Object({
  HoldID: Id,
  HoldName: Type.Optional(HoldName),
  HoldType: Type.Optional(HoldTypeSchema),
  Phone: Type.Optional(Phone),
  UserName: Type.Optional(UserName),
  Funs: Type.Optional(Funs),
  ...adminFields,
});
export const RemoveEnterpriseBody = Type.Object({ HoldID: Id });
export const EnterpriseListBody = Type.Object({
  ...Paging,
  /** Whose sub-units are listed; absent: the caller's own hold. */
  ParentHoldID: Type.Optional(Id),
  /** Over the whole subtree of ParentHoldID: unit name, administrator name, phone or contact. */
  Keyword: Type.Optional(Type.String({ maxLength: 64 })),
});

export const EnterpriseAdminSchema = Type.Object({
  UserID: Type.Integer(),
  UserName: Type.String(),
  Phone: Type.String(),
  AccountType: Type.Integer(),
  Funs: Type.Array(Type.Integer()),
  Contact: Type.String(),
  Email: Type.String(),
  Remark: Type.String(),
  TimeZone: Type.String(),
  Address: Type.String(),
  ServiceEndDate: Nullable(Type.String()),
  AccessStart: Nullable(Type.String()),
  AccessEnd: Nullable(Type.String()),
  DefaultProvince: Type.String(),
});
export const EnterpriseRowSchema = Type.Object({
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  HoldType: Type.Integer(),
  parentHoldId: Nullable(Type.Integer()),
  ParentName: Type.String(),
  /** Direct sub-units: the tree-table offers to expand a row that has some. */
  ChildCount: Type.Integer(),
  /** Accounts and devices of this unit itself (not of the units below). */
  UserCount: Type.Integer(),
  DeviceCount: Type.Integer(),
  CreateTime: Type.String(),
  /** The unit's first administrator account; null when it has none. */
  Admin: Nullable(EnterpriseAdminSchema),
});
export const EnterpriseListReply = ReplyOf(
  Type.Object({ rows: Type.Array(EnterpriseRowSchema), total: Type.Integer() }),
);
export const AddEnterpriseReply = ReplyOf(Type.Object({ HoldID: Type.Integer(), UserID: Type.Integer() }));

export type AddEnterpriseInput = Static<typeof AddEnterpriseBody>;
export type AddEnterpriseResult = Static<typeof AddEnterpriseReply>['data'];
export type ModifyEnterpriseInput = Static<typeof ModifyEnterpriseBody>;
export type EnterpriseListInput = Static<typeof EnterpriseListBody>;
export type EnterpriseRow = Static<typeof EnterpriseRowSchema>;
export type EnterpriseAdmin = Static<typeof EnterpriseAdminSchema>;
