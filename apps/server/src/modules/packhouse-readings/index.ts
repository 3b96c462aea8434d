/** Packhouse readings: packing lines with their wax readings, storage (cold) rooms with their temperature and humidity readings. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { packhouseReadingsRoutes } from './packhouse-readings.routes';

export const packhouseReadingsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(packhouseReadingsRoutes);
};
