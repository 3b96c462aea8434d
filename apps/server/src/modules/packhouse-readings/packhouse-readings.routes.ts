/**
 * Packhouse readings API: the caller's packhouses, their lines and storage rooms, and the lines' wax
 * readings and the rooms' temperature and humidity readings. Reading needs
 * packhouse.readings.view; adding, renaming and deleting lines and rooms and capturing, editing and
 * deleting readings need packhouse.readings.capture. Inside the current organisation, on the
 * packhouses assigned to the caller there.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import {
  PACKHOUSE_READINGS_PATHS as P,
  createLineBodySchema,
  createRoomBodySchema,
  createRoomReadingBodySchema,
  createWaxReadingBodySchema,
  packhouseLineSchema,
  packhouseLinesResponseSchema,
  packhouseQuerySchema,
  packhouseReadingIdParamsSchema,
  readingPackhousesResponseSchema,
  roomReadingSchema,
  roomReadingsQuerySchema,
  roomReadingsResponseSchema,
  storageRoomSchema,
  storageRoomsResponseSchema,
  updateLineBodySchema,
  updateRoomBodySchema,
  updateRoomReadingBodySchema,
  updateWaxReadingBodySchema,
  waxReadingSchema,
  waxReadingsQuerySchema,
  waxReadingsResponseSchema,
} from '@orchard/shared/packhouse-readings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, noContentSchema } from '../../http/schemas';
import { requireTenant } from '../../plugins/access';
import {
  addLine,
  addRoom,
  captureRoomReading,
  captureWaxReading,
  deleteLine,
  deleteRoom,
  deleteRoomReading,
  deleteWaxReading,
  listLines,
  listReadingPackhouses,
  listRoomReadings,
  listRooms,
  listWaxReadings,
  renameLine,
  renameRoom,
  updateRoomReading,
  updateWaxReading,
} from './packhouse-readings.service';
import { permissionPolicy } from '../../http/policies';

const view = permissionPolicy(PERMISSIONS.packhouseReadingsView);
const capture = permissionPolicy(PERMISSIONS.packhouseReadingsCapture);
const tags = ['packhouse-readings'];
const params = packhouseReadingIdParamsSchema;
const listErrors = errorResponses(400, 401, 403, 404);
const captureErrors = errorResponses(400, 401, 403, 404, 409);
const updateErrors = errorResponses(400, 401, 403, 404, 409, 412);
const deleteErrors = errorResponses(400, 401, 403, 404, 409);

export const packhouseReadingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(P.packhouses, { config: view, schema: { tags, response: { 200: readingPackhousesResponseSchema, ...listErrors } } }, async (request) =>
    listReadingPackhouses(app.db, requireTenant(request)),
  );

  // lines
  app.get(P.lines, { config: view, schema: { tags, querystring: packhouseQuerySchema, response: { 200: packhouseLinesResponseSchema, ...listErrors } } }, async (request) =>
    listLines(app.db, requireTenant(request), request.query.packhouse),
  );
  app.post(
    P.lineCreate,
    { config: capture, schema: { tags, body: createLineBodySchema, response: { 200: packhouseLineSchema, 201: packhouseLineSchema, ...captureErrors } } },
    async (request, reply) => {
      const { row, created } = await addLine(app.db, requireTenant(request), request.body);
      return reply.code(created ? 201 : 200).send(row);
    },
  );
  app.put(
    P.line,
    { config: capture, schema: { tags, params, body: updateLineBodySchema, response: { 200: packhouseLineSchema, ...updateErrors } } },
    async (request) => renameLine(app.db, requireTenant(request), request.params.id, request.body),
  );
  app.delete(P.line, { config: capture, schema: { tags, params, response: { 204: noContentSchema, ...deleteErrors } } }, async (request, reply) => {
    await deleteLine(app.db, requireTenant(request), request.params.id);
    return reply.code(204).send();
  });

  // wax readings
  app.get(
    P.waxReadings,
    { config: view, schema: { tags, querystring: waxReadingsQuerySchema, response: { 200: waxReadingsResponseSchema, ...listErrors } } },
    async (request) => listWaxReadings(app.db, requireTenant(request), request.query),
  );
  app.post(
    P.waxReadingCreate,
    { config: capture, schema: { tags, body: createWaxReadingBodySchema, response: { 200: waxReadingSchema, 201: waxReadingSchema, ...captureErrors } } },
    async (request, reply) => {
      const { row, created } = await captureWaxReading(app.db, requireTenant(request), request.body, app.clock.now());
      return reply.code(created ? 201 : 200).send(row);
    },
  );
  app.put(
    P.waxReading,
    { config: capture, schema: { tags, params, body: updateWaxReadingBodySchema, response: { 200: waxReadingSchema, ...updateErrors } } },
    async (request) => updateWaxReading(app.db, requireTenant(request), request.params.id, request.body, app.clock.now()),
  );
  app.delete(P.waxReading, { config: capture, schema: { tags, params, response: { 204: noContentSchema, ...deleteErrors } } }, async (request, reply) => {
    await deleteWaxReading(app.db, requireTenant(request), request.params.id);
    return reply.code(204).send();
  });

  // storage rooms
  app.get(P.rooms, { config: view, schema: { tags, querystring: packhouseQuerySchema, response: { 200: storageRoomsResponseSchema, ...listErrors } } }, async (request) =>
    listRooms(app.db, requireTenant(request), request.query.packhouse),
  );
  app.post(
    P.roomCreate,
    { config: capture, schema: { tags, body: createRoomBodySchema, response: { 200: storageRoomSchema, 201: storageRoomSchema, ...captureErrors } } },
    async (request, reply) => {
      const { row, created } = await addRoom(app.db, requireTenant(request), request.body);
      return reply.code(created ? 201 : 200).send(row);
    },
  );
  app.put(
    P.room,
    { config: capture, schema: { tags, params, body: updateRoomBodySchema, response: { 200: storageRoomSchema, ...updateErrors } } },
    async (request) => renameRoom(app.db, requireTenant(request), request.params.id, request.body),
  );
  app.delete(P.room, { config: capture, schema: { tags, params, response: { 204: noContentSchema, ...deleteErrors } } }, async (request, reply) => {
    await deleteRoom(app.db, requireTenant(request), request.params.id);
    return reply.code(204).send();
  });

  // storage room readings
  app.get(
    P.roomReadings,
    { config: view, schema: { tags, querystring: roomReadingsQuerySchema, response: { 200: roomReadingsResponseSchema, ...listErrors } } },
    async (request) => listRoomReadings(app.db, requireTenant(request), request.query),
  );
  app.post(
    P.roomReadingCreate,
    { config: capture, schema: { tags, body: createRoomReadingBodySchema, response: { 200: roomReadingSchema, 201: roomReadingSchema, ...captureErrors } } },
    async (request, reply) => {
      const { row, created } = await captureRoomReading(app.db, requireTenant(request), request.body, app.clock.now());
      return reply.code(created ? 201 : 200).send(row);
    },
  );
  app.put(
    P.roomReading,
    { config: capture, schema: { tags, params, body: updateRoomReadingBodySchema, response: { 200: roomReadingSchema, ...updateErrors } } },
    async (request) => updateRoomReading(app.db, requireTenant(request), request.params.id, request.body, app.clock.now()),
  );
  app.delete(P.roomReading, { config: capture, schema: { tags, params, response: { 204: noContentSchema, ...deleteErrors } } }, async (request, reply) => {
    await deleteRoomReading(app.db, requireTenant(request), request.params.id);
    return reply.code(204).send();
  });
};
