/**
 * CSV import of field captures: POST `<the kind's list path>/import?mode=preview|commit`
 * (multipart, field `file`) for scouting sessions, traps, trap inspections, tensiometer readings,
 * water applied and phenology observations, each with the kind's capture permission (the create
 * route's). Preview answers every line (200); commit writes all lines (201) or none (400).
 */
import { csvImportAnswerSchema, csvImportQuerySchema } from '@orchard/shared/core';
import {
  FIELD_IMPORT_KINDS,
  FIELD_IMPORT_KIND_KEYS,
  FIELD_IMPORT_MAX_BYTES,
  FIELD_IMPORT_MESSAGES,
} from '@orchard/shared/field-capture';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/schemas';
import { readUploadedFile } from '../../http/upload';
import { permissionPolicy } from '../../http/policies';
import { requireTenant } from '../../plugins/access';
import { IMPORT_KINDS } from './field-import-kinds';
import { importFieldCaptures } from './field-import.service';

export const fieldImportRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const key of FIELD_IMPORT_KIND_KEYS) {
    const info = FIELD_IMPORT_KINDS[key];
    app.post(
      info.path,
      {
        config: { ...permissionPolicy(info.permission), upload: { maxBytes: FIELD_IMPORT_MAX_BYTES } },
        schema: {
          tags: ['field-import'],
          consumes: ['multipart/form-data'],
          querystring: csvImportQuerySchema,
          response: { 200: csvImportAnswerSchema, 201: csvImportAnswerSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request, reply) => {
        const actor = requireTenant(request);
        const bytes = await readUploadedFile(request, { missing: FIELD_IMPORT_MESSAGES.noFile });
        const result = await importFieldCaptures(app.db, IMPORT_KINDS[key], actor, bytes, request.query, app.clock.now());
        return reply.code(result.committed ? 201 : 200).send(result);
      },
    );
  }
};
