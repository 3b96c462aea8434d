/**
 * Product update API (docs/domain.md, Upload Update): POST /api/core/UploadUpdate (multipart, field `file`) and the pending
 * update the screen shows its warning for. The update is system-wide (it replaces the one pending for
 * every organisation, and shows who uploaded it), so both are for super users only; no organisation
 * is needed and a role's permissions give no access (an X-Organization-Id header is ignored).
 */
import {
  UPDATES_PATHS,
  UPDATE_FILE_FIELD,
  UPDATE_MESSAGES,
  pendingUpdateResponseSchema,
  productUpdateSchema,
} from '@orchard/shared/updates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/access';
import { errorResponses } from '../../http/schemas';
import { readUploadedFile } from '../../http/upload';
import { getPendingUpdate, scheduleUpdate } from './updates.service';
import { superUserPolicy } from '../../http/policies';

const superUsers = superUserPolicy;

export const updatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    UPDATES_PATHS.pending,
    { config: superUsers, schema: { response: { 200: pendingUpdateResponseSchema, ...errorResponses(401, 403) } } },
    async () => getPendingUpdate(app.db),
  );

  app.post(
    UPDATES_PATHS.upload,
    {
      config: { ...superUsers, upload: { maxBytes: app.config.updateMaxBytes, field: UPDATE_FILE_FIELD } },
      schema: {
        consumes: ['multipart/form-data'],
        response: { 201: productUpdateSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const bytes = await readUploadedFile(request, { missing: UPDATE_MESSAGES.fileMissing, tooLarge: UPDATE_MESSAGES.tooLarge });
      return reply.code(201).send(await scheduleUpdate(app.db, userId, bytes, app.config.updateMaxBytes));
    },
  );
};
