/**
 * Lookup API (docs/domain.md, Farm setup): GET with ?filter= for producers, farms, PUCs, production blocks
 * and varieties. Any member of the current organisation may ask; what answers is limited to the
 * farms assigned to the caller there (see the shared contract's header).
 */
import {
  LOOKUP_PATHS,
  farmLookupSchema,
  lookupQuerySchema,
  producerLookupSchema,
  productionBlockLookupSchema,
  pucLookupSchema,
  varietyLookupSchema,
} from '@orchard/shared/lookups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/schemas';
import { requireTenant } from '../../plugins/access';
import { findFarms, findProducers, findProductionBlocks, findPucs, findVarieties } from './lookups.repository';
import { memberPolicy } from '../../http/policies';

const member = memberPolicy;
const tags = ['lookups'];
const errors = errorResponses(400, 401, 404);
const querystring = lookupQuerySchema;

export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(LOOKUP_PATHS.producers, { config: member, schema: { tags, querystring, response: { 200: z.array(producerLookupSchema), ...errors } } }, async (request) =>
    findProducers(app.db, requireTenant(request), request.query.filter),
  );
  app.get(LOOKUP_PATHS.farms, { config: member, schema: { tags, querystring, response: { 200: z.array(farmLookupSchema), ...errors } } }, async (request) =>
    findFarms(app.db, requireTenant(request), request.query.filter),
  );
  app.get(LOOKUP_PATHS.pucs, { config: member, schema: { tags, querystring, response: { 200: z.array(pucLookupSchema), ...errors } } }, async (request) =>
    findPucs(app.db, requireTenant(request), request.query.filter),
  );
  app.get(
    LOOKUP_PATHS.productionBlocks,
    { config: member, schema: { tags, querystring, response: { 200: z.array(productionBlockLookupSchema), ...errors } } },
    async (request) => findProductionBlocks(app.db, requireTenant(request), request.query.filter),
  );
  app.get(LOOKUP_PATHS.varieties, { config: member, schema: { tags, querystring, response: { 200: z.array(varietyLookupSchema), ...errors } } }, async (request) =>
    findVarieties(app.db, requireTenant(request), request.query.filter),
  );
};
