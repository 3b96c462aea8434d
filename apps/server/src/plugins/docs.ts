/** OpenAPI document built from the routes' zod schemas, with a UI at /api/docs. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { markRoutesPublic } from './route-policy';

export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Orchard Ops API', version: '1.0.0' },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            organization: { type: 'apiKey', in: 'header', name: 'X-Organization-Id' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(async (scope) => {
      markRoutesPublic(scope);
      await scope.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    });
  },
  { name: 'docs' },
);
