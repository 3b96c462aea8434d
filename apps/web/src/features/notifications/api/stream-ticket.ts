/** POST /api/notifications/stream-ticket: a single-use ticket for opening the event stream. */
import { NOTIFICATIONS_PATHS, streamTicketResponseSchema } from '@orchard/shared/notifications';
import { apiRequest } from '../../../lib/api-client';

export const getStreamTicket = () =>
  apiRequest(NOTIFICATIONS_PATHS.streamTicket, { method: 'POST', schema: streamTicketResponseSchema });

export const streamUrl = (ticket: string) => `${NOTIFICATIONS_PATHS.stream}?ticket=${encodeURIComponent(ticket)}`;
