import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  OrderDetailReply,
  OrderIdBody,
  OrderReply,
  PayOrderExportBody,
  PayOrderListBody,
  PayOrderListReply,
  SandboxPayBody,
  tags,
} from '@lodestar/contract/payments';
import { Fn, formatFen } from '@lodestar/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Exporter } from '../../lib/exporter.ts';
import { type ColumnSpec, listExportRoute } from '../../lib/list-export.ts';
import { RateLimiter } from '../../lib/rate-limit.ts';
import type { PaymentService } from './service.ts';
import { PAY_KIND_TEXT, PAY_METHOD_TEXT, textOf } from './texts.ts';

type Row = Awaited<ReturnType<PaymentService['list']>>['rows'][number];

const COLUMNS: ColumnSpec<Row>[] = [
  [{ zh: '订单号', en: 'Order no.', fr: 'N° de commande' }, 26, (r) => r.OrderNo],
  [{ zh: '类型', en: 'Kind', fr: 'Type' }, 14, (r, l) => textOf(PAY_KIND_TEXT, r.Kind, l)],
  [{ zh: '支付方式', en: 'Method', fr: 'Moyen' }, 12, (r, l) => textOf(PAY_METHOD_TEXT, r.Method, l)],
  [{ zh: '渠道', en: 'Provider', fr: 'Prestataire' }, 12, (r) => r.Provider],
  [{ zh: '金额(元)', en: 'Amount (yuan)', fr: 'Montant (yuans)' }, 14, (r) => formatFen(r.AmountFen)],
  [{ zh: '状态', en: 'Status', fr: 'Statut' }, 10, (r) => r.StatusText],
  [{ zh: '说明', en: 'Subject', fr: 'Objet' }, 30, (r) => r.Subject],
  [{ zh: '单位', en: 'Unit', fr: 'Unité' }, 20, (r) => r.HoldName],
  [{ zh: '用户', en: 'User', fr: 'Utilisateur' }, 16, (r) => r.UserName],
  [{ zh: '创建时间', en: 'Created', fr: 'Créée le' }, 20, (r) => r.CreateTime],
  [{ zh: '支付时间', en: 'Paid', fr: 'Payée le' }, 20, (r) => r.PaidTime],
];

/** Where providers are told to call back (no appid query needed there). */
export const NOTIFY_ALIAS = '/payment-notify';

const PAYER_FNS = [Fn.simRecharge, Fn.simSmsPayment, Fn.topUp];
const READER_FNS = [Fn.simRecharge, Fn.simSmsPayment, Fn.topUp, Fn.simPayOrders];

/** What an unauthenticated caller of the callbacks is allowed before its body is even read. */
export interface NotifyLimits {
  /** Callbacks a minute from one client address (PAYMENT_NOTIFY_LIMIT_PER_ADDRESS). */
  perAddress: number;
  /** The largest body (PAYMENT_NOTIFY_MAX_KB): real callbacks are a few KB. */
  maxBytes: number;
}

export function paymentRoutes(fastify: FastifyInstance, svc: PaymentService, exporter: Exporter, limits: NotifyLimits) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/API/api/Payment/GetOrder',
    {
      config: { fn: READER_FNS },
      schema: {
        tags,
        description:
          'An order and its items (fn 4 renewals, 12 SMS packs, 72 any). Expired pending orders close on read.',
        body: OrderIdBody,
        response: { 200: OrderDetailReply },
      },
    },
    async (req, reply) => reply.ok(await svc.getOrder(req.auth, req.lang, req.body.OrderID)),
  );
  app.post(
    '/API/api/Payment/CloseOrder',
    {
      config: { fn: PAYER_FNS },
      schema: {
        tags,
        description: 'Abandons a pending order (Closed; nothing else changes). A paid order is refused.',
        body: OrderIdBody,
        response: { 200: OrderReply },
      },
    },
    async (req, reply) => reply.ok(await svc.closeOrder(req.auth, req.lang, req.body.OrderID)),
  );
  app.post(
    '/API/api/Payment/SandboxPay',
    {
      config: { fn: PAYER_FNS },
      schema: {
        tags,
        description:
          'Sandbox orders only: completes or fails the payment through a callback signed with the server secret, ' +
          'exactly as Notify/sandbox receives it. No money moves.',
        body: SandboxPayBody,
        response: { 200: OrderReply },
      },
    },
    async (req, reply) => reply.ok(await svc.sandboxPay(req.auth, req.lang, req.body.OrderID, req.body.Outcome)),
  );
  app.post(
    '/API/api/Payment/GetPayOrderList',
    {
      config: { fn: READER_FNS },
      schema: {
        tags,
        description: 'Payment orders in the subtree; with fn 4 only renewals, with 12 only SMS packs (Kind forced).',
        body: PayOrderListBody,
        response: { 200: PayOrderListReply },
      },
    },
    async (req, reply) => reply.ok(await svc.list(req.auth, req.lang, req.body)),
  );
  listExportRoute(
    app,
    exporter,
    '/API/api/Payment/ExportPayOrderList',
    {
      config: { fn: READER_FNS },
      schema: { tags, description: 'The list as .xlsx (+ fn 44).', body: PayOrderExportBody },
    },
    (req) => ({
      name: { zh: '缴费订单', en: 'Payment orders', fr: 'Commandes de paiement' },
      columns: COLUMNS,
      page: (PageIndex, PageSize) => svc.list(req.auth, req.lang, { ...req.body, PageIndex, PageSize }),
    }),
  );

  // Provider callbacks: public, the signature is the check. They need the raw body (signatures
  // cover it byte for byte), so they get their own scope with raw-text parsers.
  // Anyone may call them: a flood from one address is answered 429 before its body is read, and a body
  // larger than any real callback 413 (the service stores only callbacks whose signature verifies).
  const perAddress = new RateLimiter(limits.perAddress, 60_000);
  fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: limits.maxBytes }, (_req, body, done) =>
      done(null, body),
    );
    // Providers read the HTTP status (WeChat Pay takes any 2xx as received), not the API's envelope.
    scope.setErrorHandler((err: FastifyError, req, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
      if (status === 500) req.log.error({ err }, 'payment callback failed');
      return reply
        .status(status)
        .type('text/plain')
        .send(status === 500 ? 'error' : (err.code ?? 'refused'));
    });
    scope.addHook('onRequest', async (req, reply) => {
      if (!perAddress.take(req.ip)) return reply.status(429).type('text/plain').send('too many callbacks');
    });
    for (const provider of ['alipay', 'wechatpay', 'sandbox'] as const) {
      const handler = async (req: FastifyRequest, reply: FastifyReply) => {
        const rawBody = typeof req.body === 'string' ? req.body : '';
        const { ack } = await svc.notify(provider, { headers: req.headers, rawBody });
        return reply.status(ack.status).type(ack.contentType).serializer(String).send(ack.body);
      };
      const description = `${provider}'s payment callback; answers what ${provider} expects. Signature verified.`;
      scope.post(
        `/API/api/Payment/Notify/${provider}`,
        { config: { public: true }, schema: { tags, description } },
        handler,
      );
      // The same handler outside /API/api/, which needs no appid query: WeChat Pay forbids a query
      // string in notify_url, so this is the address providers are given (module.ts notifyUrl).
      scope.post(
        `${NOTIFY_ALIAS}/${provider}`,
        { config: { public: true }, schema: { tags, description: `${description} (no appid needed)` } },
        handler,
      );
    }
  });
}
