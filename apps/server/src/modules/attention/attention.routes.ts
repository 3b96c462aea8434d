/**
 * The attention list at its published paths (docs/domain.md, Attention list): GET /api/action/GetAttentionList and
 * POST /api/action/ConfirmAction?type=&action=&action_value= (no body). Both work inside the
 * current organisation for the signed-in user; which items they reach follows the user's
 * permissions and farms there (attention.sources.ts), so the routes need no single permission.
 */
import {
  ATTENTION_PATHS,
  attentionListResponseSchema,
  confirmActionQuerySchema,
  confirmActionResponseSchema,
} from '@orchard/shared/attention';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/schemas';
import { requireTenant } from '../../plugins/access';
import { confirmAction, getAttentionList } from './attention.service';
import { memberPolicy } from '../../http/policies';

const own = memberPolicy;

export const attentionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ATTENTION_PATHS.list,
    {
      config: own,
      schema: {
        tags: ['attention'],
        summary: "The caller's open attention items in the current organisation, newest first",
        response: { 200: attentionListResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getAttentionList(app.db, requireTenant(request), app.clock.now()),
  );

  app.post(
    ATTENTION_PATHS.confirm,
    {
      config: own,
      schema: {
        tags: ['attention'],
        summary: 'Confirms or dismisses one attention item for the caller (idempotent)',
        querystring: confirmActionQuerySchema,
        response: { 200: confirmActionResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => confirmAction(app.db, requireTenant(request), request.query, app.clock.now()),
  );
};
