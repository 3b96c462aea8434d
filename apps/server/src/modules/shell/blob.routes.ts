/** Stored images and files (avatars, logos, update files) for the users allowed to see them. */
import { SHELL_PATHS, blobDownloadQuerySchema, blobParamsSchema } from '@orchard/shared/shell';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/access';
import { downloadPhoto, getBlob } from './blob.service';
import { errorResponses } from '../../http/schemas';
import { signedInPolicy } from '../../http/policies';

export const blobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    SHELL_PATHS.blob,
    {
      config: signedInPolicy,
      schema: {
        params: blobParamsSchema,
        response: {
          200: z.any().describe('The stored bytes, served with their content type'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const { container, id } = request.params;
      const blob = await getBlob(app.db, requireAuth(request).userId, container, id);
      return reply
        .header('content-type', blob.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', blob.disposition === 'inline' ? 'inline' : `attachment; filename="${id}"`)
        .send(blob.bytes);
    },
  );

  app.get(
    SHELL_PATHS.blobDownload,
    {
      config: signedInPolicy,
      schema: {
        params: blobParamsSchema,
        querystring: blobDownloadQuerySchema,
        response: {
          200: z.any().describe('The picture re-encoded as the asked type, as an attachment named Photo-yyyy-MM-dd-HH-mm-ss.jpg'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const { container, id } = request.params;
      const photo = await downloadPhoto(app.db, requireAuth(request).userId, container, id, request.query.type, app.clock.now());
      return reply
        .header('content-type', photo.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${photo.fileName}"`)
        .send(photo.bytes);
    },
  );
};
