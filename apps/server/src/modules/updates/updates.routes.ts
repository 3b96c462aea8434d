/**
 * Product update API: the spec's POST /api/core/UploadUpdate (multipart, field `file`) and the pending
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
} from '@orchard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { requireAuth } from '../../plugins/access';
import { errorResponses } from '../../http/schemas';
import { getPendingUpdate, scheduleUpdate } from './updates.service';

const superUsers = { auth: 'superUser', tenant: false } as const;

export const updatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    UPDATES_PATHS.pending,
    { config: superUsers, schema: { response: { 200: pendingUpdateResponseSchema, ...errorResponses(401, 403) } } },
    async () => getPendingUpdate(app.db),
  );

  app.post(
    UPDATES_PATHS.upload,
    {
      config: superUsers,
      schema: {
        consumes: ['multipart/form-data'],
        response: { 201: productUpdateSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const missing = () =>
        new AppError('VALIDATION_FAILED', UPDATE_MESSAGES.fileMissing, [{ field: UPDATE_FILE_FIELD, message: UPDATE_MESSAGES.fileMissing }]);
      if (!request.isMultipart()) throw missing();
      const maxBytes = app.config.updateMaxBytes;
      // one byte over the limit is enough to know the file is too large
      const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
      if (!file || file.fieldname !== UPDATE_FILE_FIELD) throw missing();
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (err) {
        if (err instanceof app.multipartErrors.RequestFileTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE', UPDATE_MESSAGES.tooLarge);
        throw err;
      }
      return reply.code(201).send(await scheduleUpdate(app.db, userId, bytes, maxBytes));
    },
  );
};
