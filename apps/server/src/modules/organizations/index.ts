/**
 * Organisations (super users only): the platform's organisations with their counts, opening one,
 * and Create New Organization (its reference lists and saving a complete organisation).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organizationOnboardingRoutes } from './onboarding.routes';
import { organizationsRoutes } from './organizations.routes';

export const organizationsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(organizationsRoutes);
  await app.register(organizationOnboardingRoutes);
};
