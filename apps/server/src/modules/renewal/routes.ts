import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { OrderReply } from '@lodestar/contract/payments';
import {
  CreateOrderBody,
  QuoteBody,
  QuoteReply,
  RenewalSimExportBody,
  RenewalSimListBody,
  RenewalSimListReply,
  tags,
} from '@lodestar/contract/renewal';
import { Fn, formatFen, type Language } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { Exporter } from '../../lib/exporter.ts';
import { type ColumnSpec, listExportRoute, type Texts } from '../../lib/list-export.ts';
import type { RenewalService } from './service.ts';

type Row = Awaited<ReturnType<RenewalService['list']>>['rows'][number];

const DISPLAY: Record<string, Texts> = {
  expiring: { zh: '即将到期', en: 'Expiring', fr: 'Expire bientôt' },
  expired: { zh: '已过期', en: 'Expired', fr: 'Expirée' },
};

const COLUMNS: ColumnSpec<Row>[] = [
  [{ zh: 'ICCID', en: 'ICCID', fr: 'ICCID' }, 24, (r) => r.ICCID],
  [{ zh: 'MSISDN', en: 'MSISDN', fr: 'MSISDN' }, 16, (r) => r.MSISDN],
  [{ zh: '所属单位', en: 'Unit', fr: 'Unité' }, 20, (r) => r.HoldName],
  [{ zh: '运营商', en: 'Carrier', fr: 'Opérateur' }, 14, (r) => r.OperatorName],
  [{ zh: '套餐', en: 'Package', fr: 'Forfait' }, 18, (r) => r.PackageName],
  [{ zh: '周期(月)', en: 'Period (months)', fr: 'Période (mois)' }, 12, (r) => r.PeriodMonths],
  [
    { zh: '单价(元)', en: 'Price (yuan)', fr: 'Prix (yuans)' },
    12,
    (r) => (r.PriceFen === null ? '' : formatFen(r.PriceFen)),
  ],
  [{ zh: '到期日', en: 'Expires on', fr: 'Expire le' }, 12, (r) => r.ExpiresOn],
  [{ zh: '状态', en: 'Status', fr: 'Statut' }, 12, (r, l: Language) => DISPLAY[r.DisplayState]?.[l] ?? r.DisplayState],
  [{ zh: '待支付订单', en: 'Pending order', fr: 'Commande en attente' }, 26, (r) => r.PendingOrderNo],
];

/** /recharge (vipRecharge, fn 4). */
export function renewalRoutes(fastify: FastifyInstance, svc: RenewalService, exporter: Exporter) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { fn: Fn.simRecharge };
  app.post(
    '/API/api/Renewal/GetRenewalSimList',
    {
      config,
      schema: {
        tags,
        description:
          "Expiring and expired SIMs of the caller's subtree (cancelled ones left out), with any pending order.",
        body: RenewalSimListBody,
        response: { 200: RenewalSimListReply },
      },
    },
    async (req, reply) => reply.ok(await svc.list(req.auth, req.body)),
  );
  listExportRoute(
    app,
    exporter,
    '/API/api/Renewal/ExportRenewalSimList',
    {
      config,
      schema: {
        tags,
        description: 'The list as .xlsx (+ fn 44).',
        body: RenewalSimExportBody,
      },
    },
    (req) => ({
      name: { zh: 'SIM续费', en: 'SIM renewal', fr: 'Renouvellement SIM' },
      columns: COLUMNS,
      page: (PageIndex, PageSize) => svc.list(req.auth, { ...req.body, PageIndex, PageSize }),
    }),
  );
  app.post(
    '/API/api/Renewal/Quote',
    {
      config,
      schema: {
        tags,
        description: 'Fee per SIM = package price × Periods, months = PeriodMonths × Periods; TotalFen = the sum.',
        body: QuoteBody,
        response: { 200: QuoteReply },
      },
    },
    async (req, reply) => reply.ok(await svc.quote(req.auth, req.body)),
  );
  app.post(
    '/API/api/Renewal/CreateOrder',
    {
      config,
      schema: {
        tags,
        description: 'The quote as a payment order (Method 1 Alipay, 2 WeChat Pay); paid, it renews the SIMs.',
        body: CreateOrderBody,
        response: { 200: OrderReply },
      },
    },
    async (req, reply) => reply.ok(await svc.createOrder(req.auth, req.lang, req.body)),
  );
}
