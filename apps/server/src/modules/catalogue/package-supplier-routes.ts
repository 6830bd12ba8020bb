import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AddPackageBody,
  AddPackageReply,
  AddSupplierBody,
  AddSupplierReply,
  Empty,
  ModifyPackageBody,
  ModifySupplierBody,
  PackageIdBody,
  PackageListBody,
  PackageListReply,
  PackageSelectQuery,
  PackageSelectReply,
  SupplierIdBody,
  SupplierIdQuery,
  SupplierListBody,
  SupplierListReply,
  SupplierReply,
  SupplierSelectQuery,
  SupplierSelectReply,
  tags,
  WRITE_RULE,
} from '@lodestar/contract/catalogue';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { PackageService, SupplierService } from './service.ts';

export function packageRoutes(fastify: FastifyInstance, svc: PackageService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { fn: Fn.simPackages };
  app.get(
    '/API/api/package/getpackageselect',
    {
      schema: {
        tags,
        description: 'Packages the caller can read (its subtree’s and its ancestors’), optionally of one carrier.',
        querystring: PackageSelectQuery,
        response: { 200: PackageSelectReply },
      },
    },
    async (req, reply) => reply.ok(await svc.select(req.auth, req.query.PackageName, req.query.OperatorID)),
  );
  app.post(
    '/API/api/package/getpackagelist',
    {
      config,
      schema: {
        tags,
        description: 'Packages the caller can read, paged; Editable is false for an ancestor’s.',
        body: PackageListBody,
        response: { 200: PackageListReply },
      },
    },
    async (req, reply) =>
      reply.ok(await svc.list(req.auth, { ...req.body, name: req.body.PackageName, operatorId: req.body.OperatorID })),
  );
  app.post(
    '/API/api/package/addpackage',
    {
      config,
      schema: {
        tags,
        description: 'PackageName unique per owner hold; PeriodMonths 1–60; DataMB, SmsCount, PriceFen (fen) ≥ 0.',
        body: AddPackageBody,
        response: { 200: AddPackageReply },
      },
    },
    async (req, reply) => reply.ok(await svc.add(req.auth, req.body)),
  );
  app.post(
    '/API/api/package/modifypackage',
    {
      config,
      schema: {
        tags,
        description: `${WRITE_RULE} The carrier cannot change while SIM cards or work orders use the package.`,
        body: ModifyPackageBody,
        response: { 200: Empty },
      },
    },
    async (req, reply) => {
      await svc.modify(req.auth, req.body, req.lang);
      return reply.ok();
    },
  );
  app.post(
    '/API/api/package/removepackage',
    {
      config,
      schema: {
        tags,
        description: `${WRITE_RULE} Refused while SIM cards or work orders use it.`,
        body: PackageIdBody,
        response: { 200: Empty },
      },
    },
    async (req, reply) => {
      await svc.remove(req.auth, req.body.PackageID, req.lang);
      return reply.ok();
    },
  );
}

/** Spec section 7's supplier calls, exactly as written there. */
export function supplierRoutes(fastify: FastifyInstance, svc: SupplierService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { fn: Fn.simSuppliers };
  app.get(
    '/API/api/supplier/getsupplierselect',
    {
      schema: {
        tags,
        description: "Suppliers of the caller's subtree; data is a plain array (empty SupplierName → all).",
        querystring: SupplierSelectQuery,
        response: { 200: SupplierSelectReply },
      },
    },
    async (req, reply) => reply.ok(await svc.select(req.auth, req.query.SupplierName)),
  );
  app.post(
    '/API/api/supplier/getsupplierlist',
    {
      config,
      schema: {
        tags,
        description: "Suppliers of the caller's subtree, paged; SimCount counts the caller's SIM cards.",
        body: SupplierListBody,
        response: { 200: SupplierListReply },
      },
    },
    async (req, reply) =>
      reply.ok(await svc.list(req.auth, { ...req.body, name: req.body.SupplierName, operatorId: req.body.OperatorID })),
  );
  app.get(
    '/API/api/supplier/getsupplierbyid',
    {
      config,
      schema: {
        tags,
        description: 'One supplier list row.',
        querystring: SupplierIdQuery,
        response: { 200: SupplierReply },
      },
    },
    async (req, reply) => reply.ok(await svc.byId(req.auth, req.query.SupplierID)),
  );
  app.post(
    '/API/api/supplier/addsupplier',
    {
      config,
      schema: {
        tags,
        description:
          'SupplierName unique per owner hold; OperatorID a carrier the owner can read; Phone, Email checked when given.',
        body: AddSupplierBody,
        response: { 200: AddSupplierReply },
      },
    },
    async (req, reply) => reply.ok(await svc.add(req.auth, req.body)),
  );
  app.post(
    '/API/api/supplier/modifysupplier',
    {
      config,
      schema: {
        tags,
        description: `${WRITE_RULE} The carrier cannot change while SIM cards came from the supplier.`,
        body: ModifySupplierBody,
        response: { 200: Empty },
      },
    },
    async (req, reply) => {
      await svc.modify(req.auth, req.body, req.lang);
      return reply.ok();
    },
  );
  app.post(
    '/API/api/supplier/removesupplier',
    {
      config,
      schema: {
        tags,
        description: 'Refused while SIM cards or import batches come from the supplier.',
        body: SupplierIdBody,
        response: { 200: Empty },
      },
    },
    async (req, reply) => {
      await svc.remove(req.auth, req.body.SupplierID, req.lang);
      return reply.ok();
    },
  );
}
