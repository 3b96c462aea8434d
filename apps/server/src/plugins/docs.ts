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
    if (app.config.apiDocs === 'off') return;
    await app.register(async (scope) => {
      // production default: only with a bearer token (API_DOCS=public opens it, off removes it)
      markRoutesPublic(scope, app.config.apiDocs === 'public' ? 'public' : 'authenticated');
      await scope.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
      // swagger-ui writes its own Content-Security-Policy; nobody may frame the docs either way
      scope.addHook('onSend', async (_request, reply, payload) => {
        const csp = reply.getHeader('content-security-policy');
        if (typeof csp === 'string') {
          const framed = /frame-ancestors[^;]*/i;
          reply.header(
            'content-security-policy',
            framed.test(csp) ? csp.replace(framed, "frame-ancestors 'none'") : `${csp.replace(/;\s*$/, '')}; frame-ancestors 'none'`,
          );
        }
        reply.header('x-frame-options', 'DENY');
        return payload;
      });
    });
  },
  { name: 'docs' },
);
