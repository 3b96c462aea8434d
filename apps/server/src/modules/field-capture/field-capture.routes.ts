/**
 * The farm blocks every capture names: those of the farms assigned to the caller in the current
 * organisation. Any member may list them (as they may list their farms); the captures themselves
 * carry each area's permissions.
 */
import { FIELD_CAPTURE_PATHS, fieldBlocksQuerySchema, fieldBlocksResponseSchema } from '@orchard/shared/field-capture';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/schemas';
import { requireTenant } from '../../plugins/access';
import { listFieldBlocks } from './capture';
import { memberPolicy } from '../../http/policies';

export const fieldBlocksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    FIELD_CAPTURE_PATHS.blocks,
    {
      config: memberPolicy,
      schema: { tags: ['field-capture'], querystring: fieldBlocksQuerySchema, response: { 200: fieldBlocksResponseSchema, ...errorResponses(400, 401, 404) } },
    },
    async (request) => listFieldBlocks(app.db, requireTenant(request), request.query.farmId),
  );
};
