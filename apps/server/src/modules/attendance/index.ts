/** Time Logger: the signed-in user's attendance records, clock state, monthly hours and CSV export. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attendanceRoutes } from './attendance.routes';

export const attendanceModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(attendanceRoutes);
};
