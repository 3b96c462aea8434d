/**
 * `reply.sendCsvExport(csv)` for every route of every module: the CSV is streamed by the one writer
 * in lib/csv-export.ts, and its export-log row is written once the last byte is, before the
 * response ends. Registered without encapsulation so that every module's replies have it.
 */
import fp from 'fastify-plugin';
import { streamCsvExport, type CsvExport } from '../../lib/csv-export';
import { logExport } from './exports.service';

export const sendCsvExportDecorator = fp(
  async (app) => {
    app.decorateReply('sendCsvExport', function (this: import('fastify').FastifyReply, csv: CsvExport) {
      return streamCsvExport(this, csv, (sent) => logExport(app.db, { ...csv.log, ...sent }).then(() => undefined));
    });
  },
  { name: 'send-csv-export' },
);
