import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AddCardTypeBody,
  AddCardTypeReply,
  AddOperatorBody,
  AddOperatorReply,
  CardTypeIdBody,
  CardTypeListBody,
  CardTypeListReply,
  CardTypeSelectQuery,
  CardTypeSelectReply,
  Empty,
  ModifyCardTypeBody,
  ModifyOperatorBody,
  OperatorIdBody,
  OperatorListBody,
  OperatorListReply,
  OperatorSelectQuery,
  OperatorSelectReply,
  tags,
  WRITE_RULE,
} from '@lodestar/contract/catalogue';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import { packageRoutes, supplierRoutes } from './package-supplier-routes.ts';
import type { CardTypeService, OperatorService, PackageService, SupplierService } from './service.ts';

export interface CatalogueServices {
  operators: OperatorService;
  cardTypes: CardTypeService;
  packages: PackageService;
  suppliers: SupplierService;
}

/** Carriers (16), card types (19), packages (18), suppliers (17); the select calls need only a token. */
export function catalogueRoutes(fastify: FastifyInstance, svc: CatalogueServices) {
  operatorRoutes(fastify, svc.operators);
  cardTypeRoutes(fastify, svc.cardTypes);
  packageRoutes(fastify, svc.packages);
  supplierRoutes(fastify, svc.suppliers);
}

function operatorRoutes(fastify: FastifyInstance, svc: OperatorService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { fn: Fn.simCarriers };
  app.get(
    '/API/api/operator/getoperatorselect',
    {
      schema: {
        tags,
        description: "Carriers the caller can read (its subtree's and its ancestors'), for drop-downs.",
        querystring: OperatorSelectQuery,
        response: { 200: OperatorSelectReply },
      },
    },
    async (req, reply) => reply.ok(await svc.select(req.auth, req.query.OperatorName)),
  );
  app.post(
    '/API/api/operator/getoperatorlist',
    {
      config,
      schema: {
        tags,
        description: 'Carriers the caller can read, paged; Editable is false for an ancestor’s.',
        body: OperatorListBody,
        response: { 200: OperatorListReply },
      },
    },
    async (req, reply) => reply.ok(await svc.list(req.auth, { ...req.body, name: req.body.OperatorName })),
  );
  app.post(
    '/API/api/operator/addoperator',
    {
      config,
      schema: {
        tags,
        description: 'OperatorName unique per owner hold (conflict otherwise).',
        body: AddOperatorBody,
        response: { 200: AddOperatorReply },
      },
    },
    async (req, reply) => reply.ok(await svc.add(req.auth, req.body)),
  );
  app.post(
    '/API/api/operator/modifyoperator',
    { config, schema: { tags, description: WRITE_RULE, body: ModifyOperatorBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.modify(req.auth, req.body);
      return reply.ok();
    },
  );
  app.post(
    '/API/api/operator/removeoperator',
    {
      config,
      schema: {
        tags,
        description: `${WRITE_RULE} Refused while card types, packages, suppliers or SIM cards use the carrier.`,
        body: OperatorIdBody,
        response: { 200: Empty },
      },
    },
    async (req, reply) => {
      await svc.remove(req.auth, req.body.OperatorID, req.lang);
      return reply.ok();
    },
  );
}

function cardTypeRoutes(fastify: FastifyInstance, svc: CardTypeService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { fn: Fn.simCardTypes };
  app.get(
    '/API/api/cardtype/getcardtypeselect',
    {
      schema: {
        tags,
        description: "Card types the caller can read; with OperatorID, that carrier's and those of any carrier.",
        querystring: CardTypeSelectQuery,
        response: { 200: CardTypeSelectReply },
      },
    },
    async (req, reply) => reply.ok(await svc.select(req.auth, req.query.CardTypeName, req.query.OperatorID)),
  );
  app.post(
    '/API/api/cardtype/getcardtypelist',
    {
      config,
      schema: {
        tags,
        description: 'Card types the caller can read, paged; Editable is false for an ancestor’s.',
        body: CardTypeListBody,
        response: { 200: CardTypeListReply },
      },
    },
    async (req, reply) =>
      reply.ok(await svc.list(req.auth, { ...req.body, name: req.body.CardTypeName, operatorId: req.body.OperatorID })),
  );
  app.post(
    '/API/api/cardtype/addcardtype',
    {
      config,
      schema: {
        tags,
        description: 'CardTypeName unique per owner hold; OperatorID a carrier the owner can read (or none).',
        body: AddCardTypeBody,
        response: { 200: AddCardTypeReply },
      },
    },
    async (req, reply) => reply.ok(await svc.add(req.auth, req.body)),
  );
  app.post(
    '/API/api/cardtype/modifycardtype',
    {
      config,
      schema: {
        tags,
        description: `${WRITE_RULE} The carrier cannot change while SIM cards use the card type.`,
        body: ModifyCardTypeBody,
        response: { 200: Empty },
      },
    },
    async (req, reply) => {
      await svc.modify(req.auth, req.body, req.lang);
      return reply.ok();
    },
  );
  app.post(
    '/API/api/cardtype/removecardtype',
    {
      config,
      schema: {
        tags,
        description: `${WRITE_RULE} Refused while SIM cards use it.`,
        body: CardTypeIdBody,
        response: { 200: Empty },
      },
    },
    async (req, reply) => {
      await svc.remove(req.auth, req.body.CardTypeID, req.lang);
      return reply.ok();
    },
  );
}
