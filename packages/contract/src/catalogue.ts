import { type Static, Type } from 'typebox';
import { type DataOf, Empty, Id, PageOf, Paging, ReplyOf, SortOf } from './common.ts';

/**
 * Carriers, card types, packages and suppliers (docs/SIM-API.md, "Catalogue"). One schema per
 * call drives validation, the reply and the OpenAPI document.
 */
const Name = (what: string) =>
  Type.String({ minLength: 1, maxLength: 64, description: `${what}, unique per owner hold` });
const NameFilter = Type.Optional(
  Type.String({ maxLength: 64, description: 'substring, case-insensitive; empty = all' }),
);
const Remark = Type.Optional(Type.String({ maxLength: 200 }));
const OperatorFilter = Type.Optional(Type.Integer({ minimum: 0, description: 'a visible carrier; 0 or absent = all' }));
const OwnerHold = Type.Optional(
  Type.Integer({
    minimum: 1,
    description: "the owner hold (the caller's hold or one below it); default the caller's hold",
  }),
);
const FenOrCount = (description: string) => Type.Integer({ minimum: 0, maximum: 2_000_000_000, description });
const CreateTime = Type.String({ description: "YYYY-MM-DD hh:mm:ss in the caller's time zone" });
const Editable = Type.Boolean({ description: "false for an ancestor's row: readable, not writable" });

export const OPERATOR_SORT = ['OperatorName', 'CreateTime'] as const;
export const CARD_TYPE_SORT = ['CardTypeName', 'OperatorName', 'CreateTime'] as const;
export const PACKAGE_SORT = ['PackageName', 'OperatorName', 'PeriodMonths', 'PriceFen', 'CreateTime'] as const;
export const SUPPLIER_SORT = ['SupplierName', 'OperatorName', 'SimCount', 'CreateTime'] as const;

// Carriers
export const OperatorSelectQuery = Type.Object({ OperatorName: NameFilter });
const operatorFilters = { ...SortOf(OPERATOR_SORT), OperatorName: NameFilter };
export const OperatorListBody = Type.Object({ ...Paging, ...operatorFilters });
/** The list's filters and order without paging: the export holds every matching row. */
export const OperatorExportBody = Type.Object(operatorFilters);
export const AddOperatorBody = Type.Object({ OperatorName: Name('carrier name'), Remark, HoldID: OwnerHold });
export const ModifyOperatorBody = Type.Object({
  OperatorID: Id,
  OperatorName: Type.Optional(Name('carrier name')),
  Remark,
});
export const OperatorIdBody = Type.Object({ OperatorID: Id });
export const OperatorOptionSchema = Type.Object({ OperatorID: Type.Integer(), OperatorName: Type.String() });
export type OperatorOption = Static<typeof OperatorOptionSchema>;
export const OperatorSelectReply = ReplyOf(Type.Array(OperatorOptionSchema));
export const OperatorRowSchema = Type.Object({
  OperatorID: Type.Integer(),
  OperatorName: Type.String(),
  Remark: Type.String(),
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  Editable,
  CreateTime,
});
export type OperatorRow = Static<typeof OperatorRowSchema>;
export const OperatorListReply = PageOf(OperatorRowSchema);
export const AddOperatorReply = ReplyOf(Type.Object({ OperatorID: Type.Integer() }));

// Card types
const CardTypeOperator = Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
  description: 'the carrier; 0 or null = a form factor of any carrier',
});
export const CardTypeSelectQuery = Type.Object({ CardTypeName: NameFilter, OperatorID: OperatorFilter });
const cardTypeFilters = { ...SortOf(CARD_TYPE_SORT), CardTypeName: NameFilter, OperatorID: OperatorFilter };
export const CardTypeListBody = Type.Object({ ...Paging, ...cardTypeFilters });
export const CardTypeExportBody = Type.Object(cardTypeFilters);
export const AddCardTypeBody = Type.Object({
  CardTypeName: Name('card type name'),
  OperatorID: Type.Optional(CardTypeOperator),
  Remark,
  HoldID: OwnerHold,
});
export const ModifyCardTypeBody = Type.Object({
  CardTypeID: Id,
  CardTypeName: Type.Optional(Name('card type name')),
  OperatorID: Type.Optional(CardTypeOperator),
  Remark,
});
export const CardTypeIdBody = Type.Object({ CardTypeID: Id });
export const CardTypeSelectReply = ReplyOf(
  Type.Array(
    Type.Object({
      CardTypeID: Type.Integer(),
      CardTypeName: Type.String(),
      OperatorID: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
);
export const CardTypeRowSchema = Type.Object({
  CardTypeID: Type.Integer(),
  CardTypeName: Type.String(),
  OperatorID: Type.Union([Type.Integer(), Type.Null()], { description: 'null: a form factor of any carrier' }),
  OperatorName: Type.String(),
  Remark: Type.String(),
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  Editable,
  CreateTime,
});
export type CardTypeRow = Static<typeof CardTypeRowSchema>;
export const CardTypeListReply = PageOf(CardTypeRowSchema);
export const AddCardTypeReply = ReplyOf(Type.Object({ CardTypeID: Type.Integer() }));

// Packages
const packageFields = {
  PeriodMonths: Type.Integer({ minimum: 1, maximum: 60, description: 'months, 1–60' }),
  DataMB: FenOrCount('data volume in MB, ≥ 0'),
  SmsCount: FenOrCount('SMS included, ≥ 0'),
  PriceFen: FenOrCount('price in fen (integer), ≥ 0'),
};
export const PackageSelectQuery = Type.Object({ PackageName: NameFilter, OperatorID: OperatorFilter });
const packageFilters = { ...SortOf(PACKAGE_SORT), PackageName: NameFilter, OperatorID: OperatorFilter };
export const PackageListBody = Type.Object({ ...Paging, ...packageFilters });
export const PackageExportBody = Type.Object(packageFilters);
export const AddPackageBody = Type.Object({
  PackageName: Name('package name'),
  OperatorID: Id,
  PeriodMonths: packageFields.PeriodMonths,
  DataMB: Type.Optional(packageFields.DataMB),
  SmsCount: Type.Optional(packageFields.SmsCount),
  PriceFen: packageFields.PriceFen,
  Remark,
  HoldID: OwnerHold,
});
export const ModifyPackageBody = Type.Object({
  PackageID: Id,
  PackageName: Type.Optional(Name('package name')),
  OperatorID: Type.Optional(Id),
  PeriodMonths: Type.Optional(packageFields.PeriodMonths),
  DataMB: Type.Optional(packageFields.DataMB),
  SmsCount: Type.Optional(packageFields.SmsCount),
  PriceFen: Type.Optional(packageFields.PriceFen),
  Remark,
});
export const PackageIdBody = Type.Object({ PackageID: Id });
export const PackageSelectReply = ReplyOf(
  Type.Array(
    Type.Object({
      PackageID: Type.Integer(),
      PackageName: Type.String(),
      OperatorID: Type.Integer(),
      PeriodMonths: Type.Integer(),
      PriceFen: Type.Integer(),
    }),
  ),
);
export const PackageRowSchema = Type.Object({
  PackageID: Type.Integer(),
  PackageName: Type.String(),
  OperatorID: Type.Integer(),
  OperatorName: Type.String(),
  PeriodMonths: Type.Integer(),
  DataMB: Type.Integer(),
  SmsCount: Type.Integer(),
  PriceFen: Type.Integer(),
  Remark: Type.String(),
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  Editable,
  CreateTime,
});
export type PackageRow = Static<typeof PackageRowSchema>;
export const PackageListReply = PageOf(PackageRowSchema);
export const AddPackageReply = ReplyOf(Type.Object({ PackageID: Type.Integer() }));

// Suppliers
const supplierFields = {
  Contact: Type.Optional(Type.String({ maxLength: 32 })),
  Phone: Type.Optional(Type.String({ maxLength: 20, description: 'mainland mobile or +E.164; may be empty' })),
  Email: Type.Optional(Type.String({ maxLength: 128, description: 'may be empty' })),
  Remark,
};
export const SupplierSelectQuery = Type.Object({ SupplierName: NameFilter });
const supplierFilters = { ...SortOf(SUPPLIER_SORT), OperatorID: OperatorFilter, SupplierName: NameFilter };
export const SupplierListBody = Type.Object({ ...Paging, ...supplierFilters });
export const SupplierExportBody = Type.Object(supplierFilters);
export const AddSupplierBody = Type.Object({
  SupplierName: Name('supplier name'),
  OperatorID: Id,
  ...supplierFields,
  HoldID: OwnerHold,
});
export const ModifySupplierBody = Type.Object({
  SupplierID: Id,
  SupplierName: Type.Optional(Name('supplier name')),
  OperatorID: Type.Optional(Id),
  ...supplierFields,
});
export const SupplierIdBody = Type.Object({ SupplierID: Id });
export const SupplierIdQuery = Type.Object({ SupplierID: Id });
export const SupplierRowSchema = Type.Object({
  SupplierID: Type.Integer(),
  SupplierName: Type.String(),
  OperatorID: Type.Integer(),
  OperatorName: Type.String(),
  Contact: Type.String(),
  Phone: Type.String(),
  Email: Type.String(),
  Remark: Type.String(),
  SimCount: Type.Integer({ description: "SIM cards of this supplier in the caller's subtree" }),
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  CreateTime,
});
export type SupplierRow = Static<typeof SupplierRowSchema>;
export const SupplierListReply = PageOf(SupplierRowSchema);
export const SupplierReply = ReplyOf(SupplierRowSchema);
export const SupplierSelectReply = ReplyOf(
  Type.Array(
    Type.Object({
      SupplierID: Type.Integer(),
      SupplierName: Type.String(),
      OperatorID: Type.Integer(),
      OperatorName: Type.String(),
    }),
  ),
);
export const AddSupplierReply = ReplyOf(Type.Object({ SupplierID: Type.Integer() }));

export { Empty };

export const tags = ['catalogue'];
/** docs/SIM-API.md: a written catalogue row is owned by the caller's subtree; ancestors' rows are read-only. */
export const WRITE_RULE =
  "Writes only rows owned by the caller's hold or below (an ancestor's row answers 403 OutsideHold).";
export type SortType = 'asc' | 'desc';

// What the console's calls take and answer, typed from the schemas above.
export type OperatorSortColumn = (typeof OPERATOR_SORT)[number];
export type OperatorListQuery = Static<typeof OperatorListBody>;
export type OperatorExportQuery = Static<typeof OperatorExportBody>;
export type AddOperatorInput = Static<typeof AddOperatorBody>;
export type ModifyOperatorInput = Static<typeof ModifyOperatorBody>;
export type AddOperatorData = DataOf<typeof AddOperatorReply>;

export type CardTypeSortColumn = (typeof CARD_TYPE_SORT)[number];
export type CardTypeListQuery = Static<typeof CardTypeListBody>;
export type CardTypeExportQuery = Static<typeof CardTypeExportBody>;
export type AddCardTypeInput = Static<typeof AddCardTypeBody>;
export type ModifyCardTypeInput = Static<typeof ModifyCardTypeBody>;
export type AddCardTypeData = DataOf<typeof AddCardTypeReply>;
export type CardTypeOption = DataOf<typeof CardTypeSelectReply>[number];

export type PackageSortColumn = (typeof PACKAGE_SORT)[number];
export type PackageListQuery = Static<typeof PackageListBody>;
export type PackageExportQuery = Static<typeof PackageExportBody>;
export type AddPackageInput = Static<typeof AddPackageBody>;
export type ModifyPackageInput = Static<typeof ModifyPackageBody>;
export type AddPackageData = DataOf<typeof AddPackageReply>;
export type PackageOption = DataOf<typeof PackageSelectReply>[number];

export type SupplierSortColumn = (typeof SUPPLIER_SORT)[number];
export type SupplierListQuery = Static<typeof SupplierListBody>;
export type SupplierExportQuery = Static<typeof SupplierExportBody>;
export type AddSupplierInput = Static<typeof AddSupplierBody>;
export type ModifySupplierInput = Static<typeof ModifySupplierBody>;
export type AddSupplierData = DataOf<typeof AddSupplierReply>;
export type SupplierOption = DataOf<typeof SupplierSelectReply>[number];
