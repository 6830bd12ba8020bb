import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The OpenAPI document is generated from the route schemas: JSON at /API/docs/json, browsable at /API/docs. */
export const openapiPlugin = fp(async (app: FastifyInstance, opts: { appId: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Lodestar API',
        version: '0.1.0',
        description:
          `Every call under /API/api/ carries the query \`format=json&appid=${opts.appId}\` and, after login, ` +
          'the token in the Authorization header. Every reply is { code, msg, errCode, data }; application errors ' +
          'answer HTTP 200 with code 400/401/403/404/429 (spec section 8).',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
      security: [{ token: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/API/docs' });
});
