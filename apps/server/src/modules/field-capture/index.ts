/** Field capture: scouting sessions, traps and inspections, tensiometer readings, water applied and phenology. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldBlocksRoutes } from './field-capture.routes';
import { fieldImportRoutes } from './field-import.routes';
import { irrigationRoutes } from './irrigation.routes';
import { phenologyRoutes } from './phenology.routes';
import { scoutingRoutes } from './scouting.routes';
import { trapsRoutes } from './traps.routes';

export const fieldCaptureModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(fieldBlocksRoutes);
  await app.register(fieldImportRoutes);
  await app.register(irrigationRoutes);
  await app.register(phenologyRoutes);
  await app.register(scoutingRoutes);
  await app.register(trapsRoutes);
};
