/** Release notes API: the current note of the signed-in user and dismissing one. Any signed-in user; not organisation-scoped. */
import { RELEASE_NOTES_PATHS, currentReleaseNoteResponseSchema, releaseNoteIdParamsSchema } from '@orchard/shared/release-notes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/access';
import { errorResponses, noContentSchema } from '../../http/schemas';
import { dismissReleaseNote, getCurrentReleaseNote } from './release-notes.service';
import { signedInPolicy } from '../../http/policies';

const signedIn = signedInPolicy;

export const releaseNotesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    RELEASE_NOTES_PATHS.current,
    { config: signedIn, schema: { response: { 200: currentReleaseNoteResponseSchema, ...errorResponses(401) } } },
    async (request) => getCurrentReleaseNote(app.db, requireAuth(request).userId),
  );

  app.put(
    RELEASE_NOTES_PATHS.dismissal,
    { config: signedIn, schema: { params: releaseNoteIdParamsSchema, response: { 204: noContentSchema, ...errorResponses(400, 401, 404) } } },
    async (request, reply) => {
      await dismissReleaseNote(app.db, requireAuth(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );
};
