/** Employee management: the organisation's employees and employee types. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { employeesRoutes } from './employees.routes';

export const employeesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(employeesRoutes);
};
