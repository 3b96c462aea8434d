/**
 * The users tab API (docs/domain.md, Users and roles). Thin: schema, policy, one service call.
 * Routes that yourself may use without a permission (reading and saving your own profile,
 * uploading your own avatar) are declared authenticated + tenant and decide in the service.
 * Searching and linking users of other organisations also need a super user (decided in the
 * service, so the organisation's permission keeps its meaning inside that rule).
 */
import { AVATAR_MAX_BYTES, PERMISSIONS } from '@orchard/shared/core';
import {
  SYSTEM_USER_SUGGESTIONS_MAX,
  USERS_PATHS,
  USER_MESSAGES,
  avatarResponseSchema,
  createUserBodySchema,
  farmOptionSchema,
  legalEntityReportBodySchema,
  packhouseOptionSchema,
  passwordResetResponseSchema,
  setUserFarmsBodySchema,
  setUserPackhousesBodySchema,
  setUserRolesBodySchema,
  systemUsersQuerySchema,
  systemUsersResponseSchema,
  updateUserBodySchema,
  userIdParamsSchema,
  userListResponseSchema,
  userSchema,
} from '@orchard/shared/users';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireTenant } from '../../plugins/access';
import { presentedRefreshToken, setRefreshCookie } from '../auth/index';
import { errorResponses, noContentSchema } from '../../http/schemas';
import { readUploadedFile } from '../../http/upload';
import { checkAvatarAccess, replaceAvatar } from './avatar.service';
import { exportLegalEntityReport } from './legal-entity-report.service';
import { deleteUser, requestPasswordReset, unblockUser } from './user-account-actions.service';
import { setUserFarms, setUserPackhouses, setUserRoles } from './user-assignments.service';
import { createUser, linkUser, updateUser } from './user-editing.service';
import { getUser, listFarmOptions, listPackhouseOptions, listSystemUsers, listUsers } from './user-listing.service';
import { assertMayManageIdentity, type Caller } from './user-privileges';
import { memberPolicy, permissionPolicy } from '../../http/policies';

const caller = (request: FastifyRequest): Caller => requireTenant(request);
const selfOrPermission = memberPolicy;

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    USERS_PATHS.users,
    {
      config: permissionPolicy(PERMISSIONS.usersView),
      schema: { response: { 200: userListResponseSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => listUsers(app.db, caller(request)),
  );

  app.post(
    USERS_PATHS.users,
    {
      config: permissionPolicy(PERMISSIONS.usersManage, PERMISSIONS.rolesAssign),
      schema: { body: createUserBodySchema, response: { 201: userSchema, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request, reply) => reply.code(201).send(await createUser(app.db, caller(request), request.body)),
  );

  app.get(
    USERS_PATHS.systemUsers,
    {
      config: permissionPolicy(PERMISSIONS.usersLinkOrganisation),
      schema: {
        querystring: systemUsersQuerySchema,
        response: { 200: systemUsersResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      result: await listSystemUsers(app.db, caller(request), request.query.query, SYSTEM_USER_SUGGESTIONS_MAX),
    }),
  );

  app.get(
    USERS_PATHS.farmOptions,
    {
      config: permissionPolicy(PERMISSIONS.usersAssignFarms),
      schema: { response: { 200: z.array(farmOptionSchema), ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => listFarmOptions(app.db, caller(request)),
  );

  app.get(
    USERS_PATHS.packhouseOptions,
    {
      config: permissionPolicy(PERMISSIONS.usersAssignPackhouses),
      schema: { response: { 200: z.array(packhouseOptionSchema), ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => listPackhouseOptions(app.db, caller(request)),
  );

  app.post(
    USERS_PATHS.legalEntityReport,
    {
      config: permissionPolicy(PERMISSIONS.usersAreaReport),
      schema: {
        body: legalEntityReportBodySchema,
        response: {
          200: z.any().describe('text/csv attachment: Legal Entity, Farm, User Name, Full Name, Email, Phone Number, Roles'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => reply.sendCsvExport(await exportLegalEntityReport(app.db, caller(request), request.body.roleIds, request.url, app.clock.now())),
  );

  app.get(
    USERS_PATHS.user,
    {
      config: selfOrPermission,
      schema: { params: userIdParamsSchema, response: { 200: userSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => getUser(app.db, caller(request), request.params.id),
  );

  // a save that changes your password is limited like the account's change-password call: it
  // slows guessing the current password with a stolen access token (per user, on this instance)
  const passwordLimit = app.rateLimit({
    max: 10,
    timeWindow: '1 minute',
    keyGenerator: (request) => `account-password:${request.auth?.userId ?? request.ip}`,
  });

  app.put(
    USERS_PATHS.user,
    {
      config: selfOrPermission,
      preHandler: async (request, reply) => {
        if (request.body.newPassword !== undefined) await passwordLimit.call(app, request, reply);
      },
      schema: {
        params: userIdParamsSchema,
        body: updateUserBodySchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 409, 412, 429) },
      },
    },
    async (request, reply) => {
      const { user, replacement } = await updateUser(app.db, caller(request), request.params.id, request.body, {
        config: app.config,
        presentedRefreshToken: presentedRefreshToken(request),
      });
      if (replacement) setRefreshCookie(reply, app.config, replacement);
      return user;
    },
  );

  app.delete(
    USERS_PATHS.user,
    {
      config: permissionPolicy(PERMISSIONS.usersManage),
      schema: { params: userIdParamsSchema, response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request, reply) => {
      await deleteUser(app.db, caller(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    USERS_PATHS.unblock,
    {
      config: permissionPolicy(PERMISSIONS.usersManage),
      schema: { params: userIdParamsSchema, response: { 200: userSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => unblockUser(app.db, caller(request), request.params.id),
  );

  app.post(
    USERS_PATHS.link,
    {
      config: permissionPolicy(PERMISSIONS.usersLinkOrganisation),
      schema: { params: userIdParamsSchema, response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request) => linkUser(app.db, caller(request), request.params.id),
  );

  app.put(
    USERS_PATHS.roles,
    {
      config: permissionPolicy(PERMISSIONS.rolesAssign),
      schema: {
        params: userIdParamsSchema,
        body: setUserRolesBodySchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
    },
    async (request) => setUserRoles(app.db, caller(request), request.params.id, request.body.roleIds, request.body.version),
  );

  app.put(
    USERS_PATHS.farms,
    {
      config: permissionPolicy(PERMISSIONS.usersAssignFarms),
      schema: {
        params: userIdParamsSchema,
        body: setUserFarmsBodySchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 412) },
      },
    },
    async (request) => setUserFarms(app.db, caller(request), request.params.id, request.body.farmIds, request.body.version),
  );

  app.put(
    USERS_PATHS.packhouses,
    {
      config: permissionPolicy(PERMISSIONS.usersAssignPackhouses),
      schema: {
        params: userIdParamsSchema,
        body: setUserPackhousesBodySchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 412) },
      },
    },
    async (request) =>
      setUserPackhouses(app.db, caller(request), request.params.id, request.body.packhouseIds, request.body.version),
  );

  app.put(
    USERS_PATHS.avatar,
    {
      config: { ...selfOrPermission, upload: { maxBytes: AVATAR_MAX_BYTES } },
      schema: {
        params: userIdParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: avatarResponseSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const who = caller(request);
      await checkAvatarAccess(app.db, who, request.params.id);
      // the avatar is part of the person's identity: theirs, or a super user's, when shared
      await assertMayManageIdentity(app.db, who, request.params.id);
      const bytes = await readUploadedFile(request, {
        missing: USER_MESSAGES.avatarMissing,
        tooLarge: USER_MESSAGES.avatarTooLarge,
        notMultipart: USER_MESSAGES.avatarNotImage,
      });
      return replaceAvatar(app.db, who, request.params.id, bytes);
    },
  );

  app.post(
    USERS_PATHS.passwordReset,
    {
      config: permissionPolicy(PERMISSIONS.usersResetPassword),
      schema: { params: userIdParamsSchema, response: { 200: passwordResetResponseSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => {
      const who = caller(request);
      // a reset hands the account to whoever reads the mail: the same rules as changing the identity
      await assertMayManageIdentity(app.db, who, request.params.id);
      return requestPasswordReset(app.db, app.config, request.log, who, request.params.id);
    },
  );
};
