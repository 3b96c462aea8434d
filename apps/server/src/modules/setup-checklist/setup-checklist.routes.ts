/**
 * GET /api/setup-checklist: each setup step's state in the current organisation. Any member who
 * may act on at least one step (SETUP_CHECKLIST_PERMISSIONS) asks it; the others are answered 403,
 * as they have nothing to set up. The states are whole-organisation facts (does it have a PUC, a
 * bin), not rows, so they are the same for every member who may ask.
 */
import { SETUP_CHECKLIST_PATHS, SETUP_CHECKLIST_PERMISSIONS, SETUP_STEPS, setupChecklistResponseSchema } from '@orchard/shared/setup-checklist';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/schemas';
import { memberPolicy } from '../../http/policies';
import { forbidden } from '../../lib/errors';
import { requireTenant } from '../../plugins/access';
import { findSetupState } from './setup-checklist.repository';

export const setupChecklistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    SETUP_CHECKLIST_PATHS.checklist,
    {
      config: memberPolicy,
      schema: {
        tags: ['setup-checklist'],
        summary: "Which setup steps the current organisation has done, in the order they are taken",
        response: { 200: setupChecklistResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const tenant = requireTenant(request);
      if (!SETUP_CHECKLIST_PERMISSIONS.some((permission) => tenant.permissions.has(permission))) throw forbidden();
      const state = await findSetupState(app.db, tenant.organizationId);
      return { steps: SETUP_STEPS.map((step) => ({ step, done: state[step] })) };
    },
  );
};
