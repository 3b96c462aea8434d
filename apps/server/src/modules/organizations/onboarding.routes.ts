/**
 * Create New Organization API: the dialog's reference lists, the super-user search, adding a region,
 * area or province (or answering the one of that name already there), and saving a complete
 * organisation with its invited first administrator. Super users only (platform operators): an organisation's roles
 * give no access, no organisation is needed and an X-Organization-Id header is ignored.
 */
import {
  ORGANIZATION_ONBOARDING_PATHS as PATHS,
  addAreaBodySchema,
  addProvinceBodySchema,
  addRegionBodySchema,
  areaSchema,
  areasQuerySchema,
  areasResponseSchema,
  copySourcesResponseSchema,
  createOrganizationBodySchema,
  createdOrganizationSchema,
  onboardingLegalEntitiesResponseSchema,
  organizationLevelsResponseSchema,
  provinceSchema,
  provincesResponseSchema,
  regionSchema,
  regionsResponseSchema,
  siteTypesResponseSchema,
  sprayProductsCopyQuerySchema,
  sprayProductsCopyResponseSchema,
  superUsersQuerySchema,
  superUsersResponseSchema,
} from '@orchard/shared/organizations';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/access';
import { errorResponses } from '../../http/schemas';
import {
  addArea,
  addProvince,
  addRegion,
  createOrganization,
  getAreas,
  getCopySources,
  getLegalEntities,
  getLevels,
  getProvinces,
  getRegions,
  getSiteTypes,
  getSprayProductsCopy,
  getSuperUsers,
  type AddedPlace,
} from './onboarding.service';
import { superUserPolicy } from '../../http/policies';

const superUsers = superUserPolicy;
const readErrors = errorResponses(400, 401, 403);
const writeErrors = errorResponses(400, 401, 403, 409);
/** a place added (201) or the one of that name already there (200) */
const placeErrors = errorResponses(400, 401, 403);
const sendPlace = <T>(reply: FastifyReply, added: AddedPlace<T>) => reply.code(added.created ? 201 : 200).send(added.place);

export const organizationOnboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    PATHS.levels,
    { config: superUsers, schema: { response: { 200: organizationLevelsResponseSchema, ...readErrors } } },
    async () => getLevels(app.db),
  );

  app.get(
    PATHS.siteTypes,
    { config: superUsers, schema: { response: { 200: siteTypesResponseSchema, ...readErrors } } },
    async () => getSiteTypes(app.db),
  );

  app.get(
    PATHS.regions,
    { config: superUsers, schema: { response: { 200: regionsResponseSchema, ...readErrors } } },
    async () => getRegions(app.db),
  );

  app.post(
    PATHS.regions,
    { config: superUsers, schema: { body: addRegionBodySchema, response: { 200: regionSchema, 201: regionSchema, ...placeErrors } } },
    async (request, reply) => sendPlace(reply, await addRegion(app.db, request.body)),
  );

  app.get(
    PATHS.areas,
    { config: superUsers, schema: { querystring: areasQuerySchema, response: { 200: areasResponseSchema, ...readErrors } } },
    async (request) => getAreas(app.db, request.query.region),
  );

  app.post(
    PATHS.areas,
    { config: superUsers, schema: { body: addAreaBodySchema, response: { 200: areaSchema, 201: areaSchema, ...placeErrors } } },
    async (request, reply) => sendPlace(reply, await addArea(app.db, request.body)),
  );

  app.get(
    PATHS.provinces,
    { config: superUsers, schema: { response: { 200: provincesResponseSchema, ...readErrors } } },
    async () => getProvinces(app.db),
  );

  app.post(
    PATHS.provinces,
    { config: superUsers, schema: { body: addProvinceBodySchema, response: { 200: provinceSchema, 201: provinceSchema, ...placeErrors } } },
    async (request, reply) => sendPlace(reply, await addProvince(app.db, request.body)),
  );

  app.get(
    PATHS.legalEntities,
    { config: superUsers, schema: { response: { 200: onboardingLegalEntitiesResponseSchema, ...readErrors } } },
    async () => getLegalEntities(app.db),
  );

  app.get(
    PATHS.copySources,
    { config: superUsers, schema: { response: { 200: copySourcesResponseSchema, ...readErrors } } },
    async () => getCopySources(app.db),
  );

  app.get(
    PATHS.superUsers,
    { config: superUsers, schema: { querystring: superUsersQuerySchema, response: { 200: superUsersResponseSchema, ...readErrors } } },
    async (request) => getSuperUsers(app.db, request.query.query),
  );

  app.get(
    PATHS.sprayProducts,
    { config: superUsers, schema: { querystring: sprayProductsCopyQuerySchema, response: { 200: sprayProductsCopyResponseSchema, ...readErrors } } },
    async (request) => getSprayProductsCopy(app.db, request.query.source),
  );

  app.post(
    PATHS.create,
    { config: superUsers, schema: { body: createOrganizationBodySchema, response: { 201: createdOrganizationSchema, ...writeErrors } } },
    async (request, reply) =>
      reply.code(201).send(await createOrganization(app.db, app.config, request.log, requireAuth(request), request.body, app.clock.now())),
  );
};
