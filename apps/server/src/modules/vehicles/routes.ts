import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Empty } from '@lodestar/contract/common';
import {
  AddVehicleBody,
  AddVehicleReply,
  BindDevicesBody,
  ModifyVehicleBody,
  VehicleExportBody,
  VehicleIdBody,
  VehicleListBody,
  VehicleListReply,
  VehicleReply,
} from '@lodestar/contract/vehicles';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { Exporter } from '../../lib/exporter.ts';
import { listExportRoute } from '../../lib/list-export.ts';
import type { VehicleService } from './service.ts';
import { VEHICLE_COLUMNS, VEHICLE_EXPORT_NAME } from './vehicle-export.ts';

const tags = ['vehicles'];
const config = { fn: Fn.vehicleManage };

/** Vehicle management (/info/vehicle, function 38; docs/API.md "Vehicles"). */
export function vehicleRoutes(fastify: FastifyInstance, svc: VehicleService, exporter: Exporter) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/API/api/Vehicle';

  app.post(
    `${base}/AddVehicle`,
    { config, schema: { tags, body: AddVehicleBody, response: { 200: AddVehicleReply } } },
    async (req, reply) => reply.ok(await svc.add(req.auth, req.body, req.lang)),
  );
  app.post(
    `${base}/ModifyVehicle`,
    { config, schema: { tags, body: ModifyVehicleBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.modify(req.auth, req.body, req.lang);
      return reply.ok();
    },
  );
  app.post(
    `${base}/RemoveVehicle`,
    { config, schema: { tags, body: VehicleIdBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.remove(req.auth, req.body.VehicleID);
      return reply.ok();
    },
  );
  app.post(
    `${base}/BindDevices`,
    { config, schema: { tags, body: BindDevicesBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.bindDevices(req.auth, req.body, req.lang);
      return reply.ok();
    },
  );
  app.post(
    `${base}/GetVehicle`,
    { config, schema: { tags, body: VehicleIdBody, response: { 200: VehicleReply } } },
    async (req, reply) => reply.ok(await svc.get(req.auth, req.body.VehicleID)),
  );
  app.post(
    `${base}/GetVehicleList`,
    { config, schema: { tags, body: VehicleListBody, response: { 200: VehicleListReply } } },
    async (req, reply) => reply.ok(await svc.list(req.auth, req.body)),
  );
  listExportRoute(
    app,
    exporter,
    `${base}/ExportVehicles`,
    { config, schema: { tags, body: VehicleExportBody } },
    (req) => ({
      name: VEHICLE_EXPORT_NAME,
      columns: VEHICLE_COLUMNS,
      page: (PageIndex, PageSize) => svc.list(req.auth, { ...req.body, PageIndex, PageSize }),
    }),
  );
}
