import { timingSafeEqual } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Empty } from '@lodestar/contract/common';
import {
  BuySmsPackBody,
  DeliveryReportBody,
  OrderViewReply,
  SendSmsBody,
  SendSmsReply,
  SmsBalanceReply,
  SmsExportBody,
  SmsListBody,
  SmsListReply,
  SmsPacksReply,
} from '@lodestar/contract/sms';
import type { Db } from '@lodestar/db';
import { ErrCode, Fn, PayKind, SMS_PACKS } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { unauthorized } from '../../lib/errors.ts';
import type { Exporter } from '../../lib/exporter.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { listExportRoute } from '../../lib/list-export.ts';
import { registerMessages } from '../../lib/messages.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import type { Payments } from '../payments/types.ts';
import { SMS_MESSAGES } from './messages.ts';
import type { SmsProvider } from './provider.ts';
import { SmsRepository } from './repository.ts';
import { SmsService } from './service.ts';
import { SMS_COLUMNS, SMS_EXPORT_NAME } from './sms-export.ts';

export interface SmsDeps {
  db: Db;
  config: Config;
  holds: HoldScope;
  logs: OperationLogRepository;
  exporter: Exporter;
  sms: SmsProvider;
  payments: Payments;
}

const tags = ['sms'];

/** The gateway's bearer token, compared in constant time; refused when none is configured. */
function tokenMatches(header: string | undefined, expected: string | undefined): boolean {
  if (!expected) return false;
  const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '');
  const want = Buffer.from(expected);
  return given.length === want.length && timingSafeEqual(given, want);
}

/** SMS to SIMs, records, packs and balances (docs/SIM-API-2.md "SMS"). */
export function registerSms(fastify: FastifyInstance, deps: SmsDeps): void {
  registerMessages(SMS_MESSAGES);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const svc = new SmsService(new SmsRepository(deps.db), deps.holds, deps.logs, deps.sms, deps.payments);
  deps.payments.onPaid(PayKind.SmsPack, svc.fulfilPack);
  // Messages a stopped server left queued are failed and refunded at start and then every hour.
  const sweep = () =>
    svc.failInterrupted().then(
      (n) => n && app.log.warn({ failed: n }, 'queued SMS left by a stopped server failed and refunded'),
      (err) => app.log.error({ err }, 'SMS sweep failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(sweep, 3_600_000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
  const base = '/API/api/Sms';

  app.post(
    `${base}/SendSms`,
    {
      config: { fn: [Fn.simSmsRecord, Fn.simBusiness] },
      schema: { tags, body: SendSmsBody, response: { 200: SendSmsReply } },
    },
    async (req, reply) => reply.ok(await svc.send(req.auth, req.body, req.lang)),
  );
  app.post(
    `${base}/GetSmsList`,
    { config: { fn: Fn.simSmsRecord }, schema: { tags, body: SmsListBody, response: { 200: SmsListReply } } },
    async (req, reply) => reply.ok(await svc.list(req.auth, req.body, req.lang)),
  );
  listExportRoute(
    app,
    deps.exporter,
    `${base}/ExportSmsList`,
    { config: { fn: Fn.simSmsRecord }, schema: { tags, body: SmsExportBody } },
    (req) => ({
      name: SMS_EXPORT_NAME,
      columns: SMS_COLUMNS,
      page: (PageIndex, PageSize) => svc.list(req.auth, { ...req.body, PageIndex, PageSize }, req.lang),
    }),
  );
  app.post(
    `${base}/GetSmsBalance`,
    { config: { fn: [Fn.simSmsPayment, Fn.simSmsRecord] }, schema: { tags, response: { 200: SmsBalanceReply } } },
    async (req, reply) => reply.ok(await svc.balance(req.auth)),
  );
  app.post(
    `${base}/GetSmsPacks`,
    { config: { fn: Fn.simSmsPayment }, schema: { tags, response: { 200: SmsPacksReply } } },
    async (_req, reply) => reply.ok(SMS_PACKS),
  );
  app.post(
    `${base}/BuySmsPack`,
    { config: { fn: Fn.simSmsPayment }, schema: { tags, body: BuySmsPackBody, response: { 200: OrderViewReply } } },
    async (req, reply) => reply.ok(await svc.buyPack(req.auth, req.body, req.lang)),
  );
  app.post(
    `${base}/DeliveryReport`,
    { config: { public: true }, schema: { tags, body: DeliveryReportBody, response: { 200: Empty } } },
    async (req, reply) => {
      if (!tokenMatches(req.headers.authorization, deps.config.smsHttpToken))
        throw unauthorized(ErrCode.TokenMissing, 'smsReportRefused');
      await svc.deliveryReport(req.body);
      return reply.ok();
    },
  );
}
