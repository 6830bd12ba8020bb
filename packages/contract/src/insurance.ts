/**
 * Vehicle insurance policies (/insurance, issue #21): read with function 84, written with 163 (policy
 * management). A policy belongs to a vehicle and so to the vehicle's unit. Its attachment (a PDF or JPG, checked
 * by its bytes) is uploaded after the policy with Insurance/UploadAttachment and read with GetAttachment.
 */
import { INSURANCE_RULES, INSURANCE_STATES, INSURANCE_TYPES } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { DateText, Id, Literals, PageOf, Paging, ReplyOf, SortOf } from './common.ts';

const Insurer = Type.String({ minLength: 1, maxLength: INSURANCE_RULES.insurerMax });
const PolicyNo = Type.String({ minLength: 1, maxLength: INSURANCE_RULES.policyNoMax, pattern: '^[0-9A-Za-z-]+$' });
const PolicyType = Literals(INSURANCE_TYPES, { description: 'compulsory, commercial, thirdParty, damage, other' });
const Premium = Type.Integer({ minimum: 0, maximum: INSURANCE_RULES.premiumMax, description: 'fen' });
const Remark = Type.String({ maxLength: INSURANCE_RULES.remarkMax });
const State = Literals(INSURANCE_STATES, {
  description: `active, expiring (ends within ${INSURANCE_RULES.expiringDays} days), expired, pending (not started)`,
});

export const AddPolicyBody = Type.Object({
  VehicleID: Id,
  Insurer,
  PolicyNo,
  PolicyType,
  Premium,
  StartDate: DateText,
  EndDate: DateText,
  Remark: Type.Optional(Remark),
});
export type AddPolicyInput = Static<typeof AddPolicyBody>;
export const AddPolicyReply = ReplyOf(Type.Object({ PolicyID: Type.Integer() }));

export const ModifyPolicyBody = Type.Object({
  PolicyID: Id,
  VehicleID: Type.Optional(Id),
  Insurer: Type.Optional(Insurer),
  PolicyNo: Type.Optional(PolicyNo),
  PolicyType: Type.Optional(PolicyType),
  Premium: Type.Optional(Premium),
  StartDate: Type.Optional(DateText),
  EndDate: Type.Optional(DateText),
  Remark: Type.Optional(Remark),
});
export type ModifyPolicyInput = Static<typeof ModifyPolicyBody>;

export const RemovePolicyBody = Type.Object({
  PolicyIDs: Type.Array(Id, { minItems: 1, maxItems: INSURANCE_RULES.removeMax }),
});
export type RemovePolicyInput = Static<typeof RemovePolicyBody>;

const filters = {
  HoldID: Type.Optional(Id),
  VehicleID: Type.Optional(Id),
  Keyword: Type.Optional(Type.String({ maxLength: 40, description: 'part of the plate, policy number or insurer' })),
  PolicyType: Type.Optional(PolicyType),
  State: Type.Optional(State),
  ...SortOf(['EndDate', 'StartDate', 'Premium', 'Plate'] as const),
};
export const PolicyListBody = Type.Object({ ...filters, ...Paging });
export type PolicyListInput = Static<typeof PolicyListBody>;
export const PolicyExportBody = Type.Object(filters);
export type PolicyExportInput = Static<typeof PolicyExportBody>;

export const PolicyRowSchema = Type.Object({
  PolicyID: Type.Integer(),
  VehicleID: Type.Integer(),
  Plate: Type.String(),
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  Insurer: Type.String(),
  PolicyNo: Type.String(),
  PolicyType,
  Premium: Type.Integer({ description: 'fen' }),
  StartDate: Type.String(),
  EndDate: Type.String(),
  State,
  DaysLeft: Type.Integer({ description: 'days until the end date (negative once ended)' }),
  Attachment: Type.String({ description: "the attachment's file name, '' when none" }),
  Remark: Type.String(),
  CreateTime: Type.String(),
});
export type PolicyRow = Static<typeof PolicyRowSchema>;
export const PolicyListReply = PageOf(PolicyRowSchema);

export const PolicyIdQuery = Type.Object({ PolicyID: Id });
export type PolicyIdInput = Static<typeof PolicyIdQuery>;

/** The vehicles a policy may be put on (the caller's subtree), by a part of the plate: the form's drop-down. */
export const VehicleSelectBody = Type.Object({ Keyword: Type.Optional(Type.String({ maxLength: 20 })) });
export type VehicleSelectInput = Static<typeof VehicleSelectBody>;
export const VehicleOptionSchema = Type.Object({
  VehicleID: Type.Integer(),
  Plate: Type.String(),
  HoldName: Type.String(),
});
export type VehicleOption = Static<typeof VehicleOptionSchema>;
export const VehicleSelectReply = ReplyOf(Type.Array(VehicleOptionSchema));
