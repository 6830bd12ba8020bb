import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Empty } from '@lodestar/contract/common';
import {
  LineListBody,
  LineListReply,
  ProvinceCountsBody,
  ProvinceCountsReply,
  ProvinceListBody,
  ProvinceListReply,
  SetDefaultProvinceBody,
  SetHoldProvincesBody,
  SetLineProvinceBody,
} from '@lodestar/contract/provinces';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { ProvinceService } from './service.ts';

const tags = ['provinces'];
const config = { fn: Fn.lineProvinceManage };

/** Province and line management (/province, function 40; docs/API.md "Provinces, business map, insurance, system"). */
export function provinceRoutes(fastify: FastifyInstance, svc: ProvinceService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/API/api/Province';
  app.post(
    `${base}/GetProvinceList`,
    { config, schema: { tags, body: ProvinceListBody, response: { 200: ProvinceListReply } } },
    async (req, reply) => reply.ok(await svc.list(req.auth, req.body, req.lang)),
  );
  app.post(
    `${base}/SetHoldProvinces`,
    { config, schema: { tags, body: SetHoldProvincesBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.setProvinces(req.auth, req.body);
      return reply.ok();
    },
  );
  app.post(
    `${base}/SetDefaultProvince`,
    { config, schema: { tags, body: SetDefaultProvinceBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.setDefault(req.auth, req.body);
      return reply.ok();
    },
  );
  app.post(
    `${base}/GetCounts`,
    { config, schema: { tags, body: ProvinceCountsBody, response: { 200: ProvinceCountsReply } } },
    async (req, reply) => reply.ok(await svc.counts(req.auth, req.body, req.lang)),
  );
  app.post(
    `${base}/GetLines`,
    { config, schema: { tags, body: LineListBody, response: { 200: LineListReply } } },
    async (req, reply) => reply.ok(await svc.lines(req.auth, req.body, req.lang)),
  );
  app.post(
    `${base}/SetLineProvince`,
    { config, schema: { tags, body: SetLineProvinceBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.tagLines(req.auth, req.body);
      return reply.ok();
    },
  );
}
