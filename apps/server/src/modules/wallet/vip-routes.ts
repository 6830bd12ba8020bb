import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  GetPricesBody,
  PricesReply,
  QuoteReply,
  SetPricesBody,
  tags,
  UpgradeBody,
  UpgradeListBody,
  UpgradeListReply,
  UpgradeReply,
  VipDeviceListBody,
  VipDeviceListReply,
} from '@lodestar/contract/vip';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { VipService } from './vip-service.ts';

/** /vip/upgrade and /vip/upgrade-history (73); prices read with 73 or 71, set with 71. */
export function vipRoutes(fastify: FastifyInstance, svc: VipService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const upgrade = { fn: Fn.upgradeVip };
  app.post(
    '/API/api/Vip/GetPrices',
    {
      config: { fn: [Fn.upgradeVip, Fn.vipManage] },
      schema: {
        tags,
        description:
          "A unit's VIP prices (VPoints per device-year): its own, else its nearest ancestor's, else the default.",
        body: GetPricesBody,
        response: { 200: PricesReply },
      },
    },
    async (req, reply) => reply.ok(await svc.prices(req.auth, req.body)),
  );
  app.post(
    '/API/api/Vip/SetPrices',
    {
      config: { fn: Fn.vipManage },
      schema: {
        tags,
        description: "Prices of a unit below the caller's (and optionally its top-up rate).",
        body: SetPricesBody,
        response: { 200: PricesReply },
      },
    },
    async (req, reply) => reply.ok(await svc.setPrices(req.auth, req.body)),
  );
  app.post(
    '/API/api/Vip/Quote',
    {
      config: upgrade,
      schema: {
        tags,
        description:
          'Per device: its period (Months, or to ToDate) from the later of its expiry and the start, priced at its unit’s price1 (wired) or price2 (wireless) per year, by month and left-over days.',
        body: UpgradeBody,
        response: { 200: QuoteReply },
      },
    },
    async (req, reply) => reply.ok(await svc.quote(req.auth, req.body)),
  );
  app.post(
    '/API/api/Vip/Upgrade',
    {
      config: upgrade,
      schema: {
        tags,
        description:
          "The quote, paid from the caller's wallet: refused (nothing moves) when it costs more than the balance.",
        body: UpgradeBody,
        response: { 200: UpgradeReply },
      },
    },
    async (req, reply) => reply.ok(await svc.upgrade(req.auth, req.body)),
  );
  app.post(
    '/API/api/Vip/GetDeviceList',
    {
      config: upgrade,
      schema: {
        tags,
        description:
          "Devices of the caller's subtree (or a unit's) with their tracker type and VIP expiry, soonest first.",
        body: VipDeviceListBody,
        response: { 200: VipDeviceListReply },
      },
    },
    async (req, reply) => reply.ok(await svc.devices(req.auth, req.body)),
  );
  app.post(
    '/API/api/Vip/GetUpgradeList',
    {
      config: upgrade,
      schema: {
        tags,
        description: "Upgrades paid from the caller's wallet, newest first, with their devices.",
        body: UpgradeListBody,
        response: { 200: UpgradeListReply },
      },
    },
    async (req, reply) => reply.ok(await svc.list(req.auth, req.lang, req.body)),
  );
}
