import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CardTypeExportBody,
  OperatorExportBody,
  PackageExportBody,
  SupplierExportBody,
  tags,
} from '@lodestar/contract/catalogue';
import { Fn, formatFen } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { Exporter } from '../../lib/exporter.ts';
import { type ColumnSpec, listExportRoute, type Texts } from '../../lib/list-export.ts';
import type { CatalogueServices } from './routes.ts';
import type { CardTypeService, OperatorService, PackageService, SupplierService } from './service.ts';

type RowOf<S extends { list: (...args: never[]) => Promise<{ rows: unknown[] }> }> = Awaited<
  ReturnType<S['list']>
>['rows'][number];

const CARRIER: Texts = { zh: '运营商', en: 'Carrier', fr: 'Opérateur' };
const REMARK: Texts = { zh: '备注', en: 'Remark', fr: 'Remarque' };
const OWNER: Texts = { zh: '所属单位', en: 'Owner unit', fr: 'Unité propriétaire' };
const CREATED: Texts = { zh: '创建时间', en: 'Created', fr: 'Créé le' };
const ANY_CARRIER: Texts = { zh: '不限运营商', en: 'Any carrier', fr: 'Tout opérateur' };

const OPERATOR_COLUMNS: ColumnSpec<RowOf<OperatorService>>[] = [
  [{ zh: '运营商名称', en: 'Carrier name', fr: 'Nom de l’opérateur' }, 20, (r) => r.OperatorName],
  [REMARK, 24, (r) => r.Remark],
  [OWNER, 20, (r) => r.HoldName],
  [CREATED, 20, (r) => r.CreateTime],
];
const CARD_TYPE_COLUMNS: ColumnSpec<RowOf<CardTypeService>>[] = [
  [{ zh: '卡类型', en: 'Card type', fr: 'Type de carte' }, 20, (r) => r.CardTypeName],
  [CARRIER, 16, (r, l) => (r.OperatorID ? r.OperatorName : ANY_CARRIER[l])],
  [REMARK, 24, (r) => r.Remark],
  [OWNER, 20, (r) => r.HoldName],
  [CREATED, 20, (r) => r.CreateTime],
];
const PACKAGE_COLUMNS: ColumnSpec<RowOf<PackageService>>[] = [
  [{ zh: '套餐名称', en: 'Package name', fr: 'Nom du forfait' }, 20, (r) => r.PackageName],
  [CARRIER, 14, (r) => r.OperatorName],
  [{ zh: '月数', en: 'Months', fr: 'Mois' }, 8, (r) => r.PeriodMonths],
  [{ zh: '流量(MB)', en: 'Data (MB)', fr: 'Données (Mo)' }, 12, (r) => r.DataMB],
  [{ zh: '短信', en: 'SMS', fr: 'SMS' }, 8, (r) => r.SmsCount],
  // Stored in fen; a person reads yuan, exactly as the list shows it.
  [{ zh: '价格(元)', en: 'Price (yuan)', fr: 'Prix (yuans)' }, 12, (r) => formatFen(r.PriceFen)],
  [REMARK, 20, (r) => r.Remark],
  [OWNER, 18, (r) => r.HoldName],
  [CREATED, 20, (r) => r.CreateTime],
];
const SUPPLIER_COLUMNS: ColumnSpec<RowOf<SupplierService>>[] = [
  [{ zh: '供应商名称', en: 'Supplier name', fr: 'Nom du fournisseur' }, 20, (r) => r.SupplierName],
  [CARRIER, 14, (r) => r.OperatorName],
  [{ zh: '联系人', en: 'Contact', fr: 'Contact' }, 12, (r) => r.Contact],
  [{ zh: '电话', en: 'Phone', fr: 'Téléphone' }, 16, (r) => r.Phone],
  [{ zh: '邮箱', en: 'E-mail', fr: 'E-mail' }, 22, (r) => r.Email],
  [{ zh: 'SIM卡数', en: 'SIM cards', fr: 'Cartes SIM' }, 10, (r) => r.SimCount],
  [REMARK, 20, (r) => r.Remark],
  [OWNER, 18, (r) => r.HoldName],
  [CREATED, 20, (r) => r.CreateTime],
];

/**
 * operator/exportoperatorlist, cardtype/exportcardtypelist, package/exportpackagelist and
 * supplier/exportsupplierlist: the list call's body without paging, every matching row.
 */
export function catalogueExportRoutes(
  fastify: FastifyInstance,
  svc: Pick<CatalogueServices, 'operators' | 'cardTypes' | 'packages' | 'suppliers'>,
  exporter: Exporter,
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const description = (list: string) =>
    `Writes the ${list} list (same filters and order, no paging) to an .xlsx in the download centre; needs the export function (44) too.`;

  listExportRoute(
    app,
    exporter,
    '/API/api/operator/exportoperatorlist',
    {
      config: { fn: Fn.simCarriers },
      schema: { tags, description: description('carrier'), body: OperatorExportBody },
    },
    (req) => ({
      name: { zh: '运营商', en: 'Carriers', fr: 'Opérateurs' },
      columns: OPERATOR_COLUMNS,
      page: (PageIndex, PageSize) =>
        svc.operators.list(req.auth, { ...req.body, PageIndex, PageSize, name: req.body.OperatorName }),
    }),
  );
  listExportRoute(
    app,
    exporter,
    '/API/api/cardtype/exportcardtypelist',
    {
      config: { fn: Fn.simCardTypes },
      schema: { tags, description: description('card type'), body: CardTypeExportBody },
    },
    (req) => ({
      name: { zh: '卡类型', en: 'Card types', fr: 'Types de carte' },
      columns: CARD_TYPE_COLUMNS,
      page: (PageIndex, PageSize) =>
        svc.cardTypes.list(req.auth, {
          ...req.body,
          PageIndex,
          PageSize,
          name: req.body.CardTypeName,
          operatorId: req.body.OperatorID,
        }),
    }),
  );
  listExportRoute(
    app,
    exporter,
    '/API/api/package/exportpackagelist',
    {
      config: { fn: Fn.simPackages },
      schema: { tags, description: description('package'), body: PackageExportBody },
    },
    (req) => ({
      name: { zh: '套餐', en: 'Packages', fr: 'Forfaits' },
      columns: PACKAGE_COLUMNS,
      page: (PageIndex, PageSize) =>
        svc.packages.list(req.auth, {
          ...req.body,
          PageIndex,
          PageSize,
          name: req.body.PackageName,
          operatorId: req.body.OperatorID,
        }),
    }),
  );
  listExportRoute(
    app,
    exporter,
    '/API/api/supplier/exportsupplierlist',
    {
      config: { fn: Fn.simSuppliers },
      schema: { tags, description: description('supplier'), body: SupplierExportBody },
    },
    (req) => ({
      name: { zh: '供应商', en: 'Suppliers', fr: 'Fournisseurs' },
      columns: SUPPLIER_COLUMNS,
      page: (PageIndex, PageSize) =>
        svc.suppliers.list(req.auth, {
          ...req.body,
          PageIndex,
          PageSize,
          name: req.body.SupplierName,
          operatorId: req.body.OperatorID,
        }),
    }),
  );
}
