import { VIP_EFFECTIVE, VIP_RULES } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { type DataOf, DateText, DeviceID, Id, Literals, Nullable, Paging, ReplyOf, SortOf } from './common.ts';

/** VIP prices, quotes and upgrades (/vip/upgrade, /vip/upgrade-history; issue #19). Prices in VPoints per device-year. */
export const tags = ['vip'];

export const GetPricesBody = Type.Object({
  HoldID: Type.Optional(Type.Integer({ minimum: 0, description: "absent or 0: the caller's unit" })),
});
const Price = Type.Integer({ minimum: 0, maximum: VIP_RULES.maxPrice });
export const Prices = Type.Object({
  HoldID: Type.Integer(),
  Price1: Type.Integer({ description: 'wired trackers, VPoints per device-year' }),
  Price2: Type.Integer({ description: 'wireless trackers, VPoints per device-year' }),
  VPointPerYuan: Type.Integer(),
  Own: Type.Boolean({ description: "true: set on this unit; false: its nearest ancestor's or the default" }),
  DefaultVipYears: Type.Integer({
    description: "years of VIP a new device of the unit gets on activation: its own, its nearest ancestor's, or 4",
  }),
  /** Set on this unit itself; null: inherited. */
  OwnDefaultVipYears: Nullable(Type.Integer()),
  /** The caller may set them (the unit is strictly below the caller's). */
  Editable: Type.Boolean(),
});
export type Prices = Static<typeof Prices>;
export const PricesReply = ReplyOf(Prices);
export const SetPricesBody = Type.Object({
  HoldID: Id,
  Price1: Price,
  Price2: Price,
  VPointPerYuan: Type.Optional(Type.Integer({ minimum: 1, maximum: VIP_RULES.maxVPointPerYuan })),
  // One schema typed ['integer', 'null'] rather than Nullable's union: the server's validator coerces 0 to null
  // for a union's null branch, which would clear the setting where 0 must be refused.
  DefaultVipYears: Type.Optional(
    Type.Unsafe<number | null>({
      type: ['integer', 'null'],
      minimum: VIP_RULES.minDefaultYears,
      maximum: VIP_RULES.maxDefaultYears,
      description:
        'years of VIP on activation for new devices of the unit and the units below it; null: inherit; absent: unchanged',
    }),
  ),
});
export type SetPricesInput = Static<typeof SetPricesBody>;

export const UpgradeBody = Type.Object({
  DeviceIDs: Type.Array(DeviceID, { minItems: 1, maxItems: VIP_RULES.maxDevices }),
  Months: Type.Optional(Type.Integer({ minimum: VIP_RULES.minMonths, maximum: VIP_RULES.maxMonths })),
  ToDate: Type.Optional(DateText),
  Effective: Literals(VIP_EFFECTIVE, {
    description: 'now; approval (a work order decides, expiry moves when approved); plus3 (from three months on)',
  }),
  Remark: Type.Optional(Type.String({ maxLength: VIP_RULES.remarkLength })),
});
export type UpgradeInput = Static<typeof UpgradeBody>;

export const QuoteItem = Type.Object({
  DeviceID: Type.String(),
  DeviceName: Type.String(),
  HoldName: Type.String(),
  TrackerType: Type.Integer(),
  PricePerYear: Type.Integer(),
  Months: Type.Integer({ description: 'whole months of the period' }),
  Days: Type.Integer({ description: 'days past the whole months' }),
  VPoint: Type.Integer(),
  ExpiresOn: Nullable(Type.String()),
  NewExpiresOn: Type.String(),
});
export type VipQuoteItem = Static<typeof QuoteItem>;
export const Quote = Type.Object({
  Items: Type.Array(QuoteItem),
  TotalVPoint: Type.Integer(),
  Balance: Type.Integer({ description: "the caller's wallet now" }),
});
export type VipQuote = Static<typeof Quote>;
export const QuoteReply = ReplyOf(Quote);
export const UpgradeReply = ReplyOf(
  Type.Object({
    UpgradeID: Type.Integer(),
    Status: Type.Integer({ description: '0 waiting for its work order (Effective approval), 1 applied' }),
    WorkIDs: Type.Array(Type.Integer()),
    VPoint: Type.Integer({ description: 'the balance after' }),
  }),
);
export type UpgradeResult = DataOf<typeof UpgradeReply>;

export const VIP_DEVICE_SORT_COLUMNS = ['VipExpiry', 'DeviceID', 'HoldName'] as const;
export type VipDeviceSortColumn = (typeof VIP_DEVICE_SORT_COLUMNS)[number];
export const VipDeviceListBody = Type.Object({
  ...Paging,
  ...SortOf(VIP_DEVICE_SORT_COLUMNS),
  HoldID: Type.Optional(Type.Integer({ minimum: 0, description: "a unit of the caller's subtree and those below it" })),
  Keyword: Type.Optional(Type.String({ maxLength: 64, description: 'a part of the device ID or name, any case' })),
});
export type VipDeviceListInput = Static<typeof VipDeviceListBody>;
export const VipDeviceRow = Type.Object({
  DeviceID: Type.String(),
  DeviceName: Type.String(),
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  TrackerType: Type.Integer({ description: '1 wired, 2 wireless' }),
  VipExpiry: Nullable(Type.String()),
});
export type VipDeviceRow = Static<typeof VipDeviceRow>;
export const VipDeviceListReply = ReplyOf(Type.Object({ rows: Type.Array(VipDeviceRow), total: Type.Integer() }));

export const UPGRADE_SORT_COLUMNS = ['CreateTime', 'TotalVPoint'] as const;
export const UpgradeListBody = Type.Object({
  ...Paging,
  ...SortOf(UPGRADE_SORT_COLUMNS),
  DeviceID: Type.Optional(Type.String({ maxLength: 32, description: 'a part of a device ID' })),
  Status: Type.Optional(Type.Integer({ minimum: -1, maximum: 2, description: '-1 all' })),
});
export type UpgradeListInput = Static<typeof UpgradeListBody>;
export const UpgradeRow = Type.Object({
  UpgradeID: Type.Integer(),
  Devices: Type.Array(
    Type.Object({
      DeviceID: Type.String(),
      VPoint: Type.Integer(),
      ExpiresBefore: Nullable(Type.String()),
      ExpiresAfter: Type.String(),
    }),
  ),
  DeviceCount: Type.Integer(),
  Months: Nullable(Type.Integer()),
  ToDate: Nullable(Type.String()),
  Effective: Type.String(),
  WorkID: Nullable(Type.Integer({ description: 'Effective approval: the work order that decides it' })),
  TotalVPoint: Type.Integer(),
  Status: Type.Integer({ description: '0 awaiting approval, 1 in effect, 2 rejected (VPoints refunded)' }),
  StatusText: Type.String(),
  UserName: Type.String(),
  HoldName: Type.String(),
  Remark: Type.String(),
  CreateTime: Type.String(),
  AppliedTime: Nullable(Type.String({ description: 'when the expiry moved (on approval: the approval)' })),
});
export type UpgradeRow = Static<typeof UpgradeRow>;
export const UpgradeListReply = ReplyOf(Type.Object({ rows: Type.Array(UpgradeRow), total: Type.Integer() }));
