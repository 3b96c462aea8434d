/** Create New Organization: the dialog's reference lists and saving a complete organisation (super users). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organizationOnboardingRoutes } from './organization-onboarding.routes';

export const organizationOnboardingModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(organizationOnboardingRoutes);
};
