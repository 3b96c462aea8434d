/** The signed-in user's notifications, and their live stream. */
import {
  NOTIFICATIONS_PATHS,
  notificationIdParamsSchema,
  notificationSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  pinNotificationBodySchema,
  readNotificationBodySchema,
  streamQuerySchema,
  streamTicketResponseSchema,
  unreadCountResponseSchema,
} from '@orchard/shared/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/access';
import { errorResponses, noContentSchema } from '../../http/schemas';
import { createNotificationHub } from './notifications.hub';
import {
  deleteNotification,
  getUnreadCount,
  issueStreamTicket,
  listNotifications,
  setNotificationPinned,
  setNotificationRead,
} from './notifications.service';
import { openNotificationStream, type OpenStream } from './notifications.stream';
import { createTicketLedger } from './notifications.ticket';
import { publicPolicy, signedInPolicy } from '../../http/policies';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = await createNotificationHub({
    db: app.db,
    dbKind: app.dbKind,
    databaseUrl: app.config.databaseUrl,
    log: app.log,
  });
  const tickets = createTicketLedger(app.db, {
    onPurgeError: (err) => app.log.warn({ err }, 'could not purge expired stream tickets'),
  });
  const streams = new Set<OpenStream>();
  // Open streams would keep server.close() waiting: end them first.
  app.addHook('preClose', async () => {
    for (const stream of [...streams]) stream.close();
  });
  app.addHook('onClose', async () => {
    await hub.close();
  });

  const own = signedInPolicy;

  app.get(
    NOTIFICATIONS_PATHS.notifications,
    {
      config: own,
      schema: {
        tags: ['notifications'],
        summary: "The caller's notifications: pinned first, then newest first",
        querystring: notificationsQuerySchema,
        response: { 200: notificationsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listNotifications(app.db, requireAuth(request).userId, request.query),
  );

  app.get(
    NOTIFICATIONS_PATHS.unreadCount,
    {
      config: own,
      schema: {
        tags: ['notifications'],
        querystring: notificationsQuerySchema.pick({ organizationId: true }),
        response: { 200: unreadCountResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => getUnreadCount(app.db, requireAuth(request).userId, request.query.organizationId),
  );

  app.put(
    NOTIFICATIONS_PATHS.pin,
    {
      config: own,
      schema: {
        tags: ['notifications'],
        params: notificationIdParamsSchema,
        body: pinNotificationBodySchema,
        response: { 200: notificationSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      setNotificationPinned(app.db, requireAuth(request).userId, request.params.id, request.body.isPinned),
  );

  app.put(
    NOTIFICATIONS_PATHS.read,
    {
      config: own,
      schema: {
        tags: ['notifications'],
        params: notificationIdParamsSchema,
        body: readNotificationBodySchema,
        response: { 200: notificationSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      setNotificationRead(app.db, requireAuth(request).userId, request.params.id, request.body?.isRead ?? true),
  );

  app.delete(
    NOTIFICATIONS_PATHS.notification,
    {
      config: own,
      schema: {
        tags: ['notifications'],
        params: notificationIdParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await deleteNotification(app.db, requireAuth(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    NOTIFICATIONS_PATHS.streamTicket,
    {
      config: own,
      schema: {
        tags: ['notifications'],
        summary: 'A single-use ticket (60 s) for opening the notification stream',
        response: { 201: streamTicketResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { userId, sessionId } = requireAuth(request);
      return reply.code(201).send(await issueStreamTicket(app.config, userId, sessionId));
    },
  );

  app.get(
    NOTIFICATIONS_PATHS.stream,
    {
      // 'public' for the access plugin only: EventSource cannot send an Authorization header, so the
      // route authenticates the single-use ticket from the query itself (401 when it fails).
      config: publicPolicy,
      schema: {
        tags: ['notifications'],
        summary: 'Server-sent events: each new notification of the ticket holder',
        querystring: streamQuerySchema,
        produces: ['text/event-stream'],
        response: { 200: z.any().describe('text/event-stream'), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const stream = await openNotificationStream(app.db, app.config, hub, tickets, request.query.ticket);
      streams.add(stream);
      stream.body.on('close', () => streams.delete(stream));
      request.raw.on('close', () => stream.close());
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('x-accel-buffering', 'no')
        .header('connection', 'keep-alive')
        .send(stream.body);
    },
  );
};
