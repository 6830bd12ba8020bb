import type { Db } from '@lodestar/db';
import { PayMethod } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Exporter } from '../../lib/exporter.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { registerMessages } from '../../lib/messages.ts';
import type { NoticeSink } from '../notices/types.ts';
import { AlipayProvider } from './alipay.ts';
import { PAYMENTS_MESSAGES } from './messages.ts';
import type { PaymentProvider } from './provider.ts';
import { PaymentRepository } from './repository.ts';
import { NOTIFY_ALIAS, paymentRoutes } from './routes.ts';
import { SandboxProvider } from './sandbox.ts';
import { PaymentService, type ProviderSet } from './service.ts';
import type { Payments } from './types.ts';
import { WechatPayProvider } from './wechatpay.ts';

export interface PaymentsDeps {
  db: Db;
  config: Config;
  holds: HoldScope;
  exporter: Exporter;
  notices: NoticeSink;
}

/**
 * The callback address a provider is given: the Payment/Notify handler at its alias outside
 * /API/api/, because API paths need `?appid=` and WeChat Pay refuses a notify_url with a query.
 */
export const notifyUrl = (config: Config, provider: string) =>
  `${config.payment.notifyBaseUrl ?? `http://127.0.0.1:${config.port}`}${NOTIFY_ALIAS}/${provider}`;

/** The providers the settings choose (config.ts checked that `live` has every key). */
export function providersFor(config: Config): ProviderSet {
  const sandbox = new SandboxProvider(config.payment.sandboxSecret);
  const p = config.payment;
  const alipay =
    p.provider === 'live' && p.alipay ? new AlipayProvider(p.alipay, notifyUrl(config, 'alipay')) : undefined;
  const wechatpay =
    p.provider === 'live' && p.wechatpay
      ? new WechatPayProvider(p.wechatpay, notifyUrl(config, 'wechatpay'))
      : undefined;
  const all: PaymentProvider[] = [sandbox, ...(alipay ? [alipay] : []), ...(wechatpay ? [wechatpay] : [])];
  return {
    sandbox,
    forMethod: (method) => (method === PayMethod.Alipay ? alipay : wechatpay) ?? sandbox,
    byName: (name) => all.find((x) => x.name === name),
  };
}

/** Payment orders and providers (docs/SIM-API-2.md "Payments"). */
export function registerPayments(app: FastifyInstance, deps: PaymentsDeps): Payments {
  registerMessages(PAYMENTS_MESSAGES);
  const svc = new PaymentService(
    new PaymentRepository(deps.db),
    providersFor(deps.config),
    deps.holds,
    deps.notices,
    app.log,
  );
  app.addHook('onClose', async () => svc.close());
  // Orders left pending by a previous run have no timer: close the overdue ones at start (reads check too).
  app.addHook('onReady', async () => {
    await svc.expireDue().catch((err) => app.log.error({ err }, 'closing overdue payment orders failed'));
  });
  paymentRoutes(app, svc, deps.exporter, {
    perAddress: deps.config.payment.notifyLimitPerAddress,
    maxBytes: deps.config.payment.notifyMaxBytes,
  });
  return svc;
}
