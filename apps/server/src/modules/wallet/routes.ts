import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { OrderReply } from '@lodestar/contract/payments';
import {
  GiftBody,
  GiftReply,
  TopUpBody,
  tags,
  WalletDetailExportBody,
  WalletDetailListBody,
  WalletDetailListReply,
  WalletReply,
} from '@lodestar/contract/wallet';
import { Fn, formatFen } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { Exporter } from '../../lib/exporter.ts';
import { type ColumnSpec, listExportRoute } from '../../lib/list-export.ts';
import type { WalletService } from './service.ts';

type Row = Awaited<ReturnType<WalletService['detail']>>['rows'][number];

const COLUMNS: ColumnSpec<Row>[] = [
  [{ zh: '时间', en: 'Time', fr: 'Date' }, 20, (r) => r.CreateTime],
  [{ zh: '类型', en: 'Type', fr: 'Type' }, 14, (r) => r.KindText],
  [{ zh: '订单号', en: 'Order number', fr: 'N° de commande' }, 28, (r) => r.OrderNo],
  [
    { zh: '金额(元)', en: 'Amount (yuan)', fr: 'Montant (yuans)' },
    14,
    (r) => (r.AmountFen ? formatFen(r.AmountFen) : ''),
  ],
  [{ zh: 'VPoint', en: 'VPoint', fr: 'VPoint' }, 12, (r) => r.VPoint],
  [{ zh: '余额', en: 'Remaining', fr: 'Solde' }, 12, (r) => r.Remaining],
  [{ zh: '操作人', en: 'Payer', fr: 'Payeur' }, 18, (r) => r.Payer],
  [{ zh: '对方单位', en: 'Other unit', fr: 'Autre unité' }, 18, (r) => r.Counterpart],
  [{ zh: '状态', en: 'Status', fr: 'Statut' }, 12, (r) => r.StatusText],
  [{ zh: '支付方式', en: 'Pay method', fr: 'Moyen de paiement' }, 14, (r) => r.MethodText],
  [{ zh: '币种', en: 'Currency', fr: 'Devise' }, 8, (r) => r.Currency],
  [{ zh: '备注', en: 'Remark', fr: 'Remarque' }, 24, (r) => r.Remark],
];

/** /vip/wallet and /vip/wallet-detail: 66 reads the wallet, 63 tops it up, 67 gives VPoints away. */
export function walletRoutes(fastify: FastifyInstance, svc: WalletService, exporter: Exporter) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const wallet = { fn: Fn.wallet };
  app.post(
    '/API/api/Wallet/GetWallet',
    {
      config: wallet,
      schema: {
        tags,
        description: "The caller's unit's VPoint balance and its top-up rate.",
        response: { 200: WalletReply },
      },
    },
    async (req, reply) => reply.ok(await svc.wallet(req.auth)),
  );
  app.post(
    '/API/api/Wallet/TopUp',
    {
      config: { fn: Fn.topUp },
      schema: {
        tags,
        description:
          'A wallet top-up payment order (Method 1 Alipay, 2 WeChat Pay; the sandbox unless PAYMENT_PROVIDER=live); paid, it credits AmountFen × the rate / 100 VPoints once.',
        body: TopUpBody,
        response: { 200: OrderReply },
      },
    },
    async (req, reply) => reply.ok(await svc.topUp(req.auth, req.lang, req.body)),
  );
  app.post(
    '/API/api/Wallet/Gift',
    {
      config: { fn: Fn.gift },
      schema: {
        tags,
        description: "VPoints from the caller's wallet to a unit below the caller's.",
        body: GiftBody,
        response: { 200: GiftReply },
      },
    },
    async (req, reply) => reply.ok(await svc.gift(req.auth, req.body)),
  );
  app.post(
    '/API/api/Wallet/GetDetailList',
    {
      config: wallet,
      schema: {
        tags,
        description: "Every VPoint movement of the caller's wallet, with totals over every matching row.",
        body: WalletDetailListBody,
        response: { 200: WalletDetailListReply },
      },
    },
    async (req, reply) => reply.ok(await svc.detail(req.auth, req.lang, req.body)),
  );
  listExportRoute(
    app,
    exporter,
    '/API/api/Wallet/ExportDetailList',
    {
      config: wallet,
      schema: { tags, description: 'The wallet detail as .xlsx (+ fn 44).', body: WalletDetailExportBody },
    },
    (req) => ({
      name: { zh: '钱包明细', en: 'Wallet detail', fr: 'Détail du portefeuille' },
      columns: COLUMNS,
      page: (PageIndex, PageSize) => svc.detail(req.auth, req.lang, { ...req.body, PageIndex, PageSize }),
    }),
  );
}
