import {
  CHECK_STATUS_FILTERS,
  CheckStatus,
  LIMITS,
  REVIEWED_WORK_TYPES,
  WORK_ORDER_UI,
  WORK_TYPES,
} from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { type DataOf, DateTimeText, Id, Literals, PageOf, ReplyOf } from './common.ts';

/** One request or one approval covers at most a page of the approval dialog. */
export const WORK_BATCH_MAX = LIMITS.pageSizeMax;

const WorkTypeSchema = Literals(WORK_TYPES, {
  description: '1 stop, 2 resume, 3 return, 4 package change, 5 renewal, 6 IMEI lock/unlock',
});
const ReviewedWorkTypeSchema = Literals(REVIEWED_WORK_TYPES, {
  description: '1 to 6 as WorkFlow/AddWorkFlow; 7 a VIP upgrade opened by Vip/Upgrade with Effective approval',
});
const LockTypeSchema = Type.Union([Type.Literal(0), Type.Literal(1)], { description: '1 lock to IMEI, 0 unlock' });
const Iccid = Type.String({ minLength: 1, maxLength: 32, description: 'the SIM card ICCID' });

export const AddWorkFlowBody = Type.Object({
  WorkType: WorkTypeSchema,
  TargetID: Type.Optional(Type.Union([Type.Literal(''), Iccid])),
  TargetIDs: Type.Optional(Type.Array(Iccid, { maxItems: WORK_BATCH_MAX })),
  LockType: Type.Optional(Type.Union([LockTypeSchema, Type.Null()])),
  WorkCont: Type.String({ maxLength: 500, description: 'the request text' }),
  PackageID: Type.Optional(Type.Union([Id, Type.Null()])),
  Months: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 60 }), Type.Null()])),
  IMEI: Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Null()])),
});
export type AddWorkFlowInput = Static<typeof AddWorkFlowBody>;
export const AddWorkFlowReply = ReplyOf(Type.Object({ WorkIDs: Type.Array(Type.Integer()) }));
export type AddWorkFlowData = DataOf<typeof AddWorkFlowReply>;

const TimeFilter = Type.Optional(Type.Union([Type.Literal(''), Type.Null(), DateTimeText]));
/** Spec section 7: exactly these field names, camel-cased as the console sends them. */
const workFilters = {
  CheckStatic: Literals(CHECK_STATUS_FILTERS, {
    default: 0,
    description: '0 all, 1 under review, 2 agreed, 3 rejected',
  }),
  IDNO: Type.Optional(
    Type.String({ maxLength: 32, description: "part of the ICCID or MSISDN, or of a VIP order's device ID" }),
  ),
  StartTime: TimeFilter,
  EndTime: TimeFilter,
};
export const WorkFlowListBody = Type.Object({
  pageIndex: Type.Integer({ minimum: 1, default: 1 }),
  pageCount: Type.Integer({ minimum: 1, maximum: LIMITS.pageSizeMax, default: WORK_ORDER_UI.defaultPageSize }),
  ...workFilters,
});
export type WorkFlowListInput = Static<typeof WorkFlowListBody>;
/** The review filter of spec section 4: 0 all, else a CheckStatus. */
export type CheckFilter = WorkFlowListInput['CheckStatic'];
/** WorkFlow/ExportWorkFlowList: GetWorkFlowList's body without paging. */
export const WorkFlowExportBody = Type.Object(workFilters);

const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);
/** What a VIP-upgrade order (type 7) decides, in place of a SIM's fields. */
export const WorkVip = Type.Object({
  UpgradeID: Type.Integer(),
  DeviceIDs: Type.Array(Type.String()),
  Months: Nullable(Type.Integer()),
  ToDate: Nullable(Type.String({ description: 'YYYY-MM-DD when bought to a date' })),
  TotalVPoint: Type.Integer({ description: 'charged when applied; refunded on rejection' }),
});
export type WorkVip = Static<typeof WorkVip>;
export const WorkRow = Type.Object({
  WorkID: Type.Integer(),
  WorkType: Type.Integer(),
  WorkTypeText: Type.String(),
  TargetID: Type.String({ description: "the SIM's ICCID; for a VIP upgrade its order number U<UpgradeID>" }),
  MSISDN: Type.String(),
  LockType: Nullable(Type.Integer()),
  IMEI: Type.String(),
  PackageID: Nullable(Type.Integer()),
  PackageName: Type.String(),
  Months: Nullable(Type.Integer()),
  CheckStatus: Type.Integer(),
  CheckStatusText: Type.String(),
  WorkCont: Type.String(),
  UserName: Type.String(),
  ApplyTime: Type.String(),
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  ReHoldID: Nullable(Type.Integer()),
  ReHoldName: Type.String(),
  ReviewerName: Type.String(),
  CheckText: Type.String(),
  CheckTime: Type.String({ description: "'' until reviewed" }),
  Vip: Nullable(WorkVip),
});
export type WorkRow = Static<typeof WorkRow>;
export const WorkFlowListReply = PageOf(WorkRow);
export type WorkFlowList = DataOf<typeof WorkFlowListReply>;

export const ApprovalItem = Type.Object({
  WorkID: Id,
  WorkType: ReviewedWorkTypeSchema,
  TargetID: Type.String({ minLength: 1, maxLength: 32, description: "the row's TargetID: ICCID, or U<UpgradeID>" }),
  LockType: Type.Optional(Type.Union([LockTypeSchema, Type.Null()])),
  CheckStatus: Type.Union([Type.Literal(CheckStatus.Agreed), Type.Literal(CheckStatus.Rejected)], {
    description: '2 approve, 3 reject',
  }),
  CheckText: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  ReHoldID: Type.Optional(Type.Union([Id, Type.Null()], { description: 'the receiving unit of an approved return' })),
});
export type ApprovalItem = Static<typeof ApprovalItem>;
/** Spec section 7: the body is a bare array; an empty one is answered "no order selected". */
export const CheckWorkFlowBody = Type.Array(ApprovalItem, { maxItems: WORK_BATCH_MAX });

export const WorkCountReply = ReplyOf(Type.Integer({ description: 'orders under review' }));
