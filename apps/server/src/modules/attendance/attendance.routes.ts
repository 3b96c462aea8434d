/**
 * Time Logger API: the clock's state, saving a start/stop/pause, the monthly hours and their CSV
 * export. Every route needs attendance.log, works inside the current organisation and answers for
 * the signed-in user only (no user id is taken from the request).
 */
import {
  ATTENDANCE_PATHS,
  attendanceLogsResponseSchema,
  attendanceRecordSchema,
  lastAttendanceSchema,
  saveAttendanceBodySchema,
} from '@orchard/shared/attendance';
import { PERMISSIONS } from '@orchard/shared/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireTenant } from '../../plugins/access';
import { errorResponses } from '../../http/schemas';
import { exportAttendance, getAttendanceLogs, getLastAttendance, saveAttendance } from './attendance.service';
import { permissionPolicy } from '../../http/policies';

const log = permissionPolicy(PERMISSIONS.attendanceLog);
const readErrors = errorResponses(400, 401, 403, 404);

export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const owner = (request: Parameters<typeof requireTenant>[0]) => {
    const { userId, organizationId } = requireTenant(request);
    return { userId, organizationId };
  };

  app.get(
    ATTENDANCE_PATHS.last,
    { config: log, schema: { response: { 200: lastAttendanceSchema, ...readErrors } } },
    async (request) => getLastAttendance(app.db, owner(request), app.clock.now()),
  );

  app.post(
    ATTENDANCE_PATHS.records,
    { config: log, schema: { body: saveAttendanceBodySchema, response: { 201: attendanceRecordSchema, ...errorResponses(400, 401, 403, 404, 409) } } },
    async (request, reply) => reply.code(201).send(await saveAttendance(app.db, owner(request), request.body, app.clock.now())),
  );

  app.get(
    ATTENDANCE_PATHS.logs,
    { config: log, schema: { response: { 200: attendanceLogsResponseSchema, ...readErrors } } },
    async (request) => getAttendanceLogs(app.db, owner(request), app.clock.now()),
  );

  app.get(
    ATTENDANCE_PATHS.export,
    { config: log, schema: { response: { 200: z.any().describe('text/csv attachment: Date, User, Type, Lat, Lng'), ...readErrors } } },
    async (request, reply) => reply.sendCsvExport(await exportAttendance(app.db, owner(request), app.clock.now(), request.url)),
  );
};
