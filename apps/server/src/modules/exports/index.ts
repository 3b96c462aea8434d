/** Exports: the export log (browser-built exports post theirs) and `reply.sendCsvExport` for every module's CSV. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportsRoutes } from './exports.routes';
import { sendCsvExportDecorator } from './send-csv-export';

export { sendCsvExportDecorator };
/** the export log, for modules that stream a file of their own kind (the organisation data archive) */
export { logExport } from './exports.service';

export const exportsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(exportsRoutes);
};
