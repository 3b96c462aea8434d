/** One error envelope for every failure: { error: { code, message, reason, details? }, requestId }. */
import {
  ERROR_CODE_REASONS,
  ERROR_CODES,
  isErrorReason,
  type ErrorCode,
  type ErrorDetail,
  type ErrorReason,
} from '@orchard/shared/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { multipartRefusal } from '../http/upload';
import { AppError, detailWithReason } from '../lib/errors';

const STATUS_TO_CODE: Record<number, ErrorCode> = Object.fromEntries(
  Object.entries(ERROR_CODES).map(([code, status]) => [status, code as ErrorCode]),
) as Record<number, ErrorCode>;

export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ErrorCode,
  message: string,
  details?: ErrorDetail[],
  reason: ErrorReason = ERROR_CODE_REASONS[code],
) {
  return reply.status(ERROR_CODES[code]).type('application/json; charset=utf-8').send({
    error: details && details.length > 0 ? { code, message, reason, details } : { code, message, reason },
    requestId: request.id,
  });
}

/** a custom issue may name its key itself: `ctx.addIssue({ ..., params: { reason } })` */
function issueReason(params: unknown): ErrorReason | undefined {
  const reason = (params as { params?: { reason?: unknown } } | undefined)?.params?.reason;
  return isErrorReason(reason) ? reason : undefined;
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      if (err instanceof AppError) {
        if (err.code === 'RATE_LIMITED') reply.header('retry-after', '60');
        return sendError(reply, request, err.code, err.message, err.details, err.reason);
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const details = err.validation.map((v) =>
          detailWithReason({
            field: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || (err.validationContext ?? 'request'),
            message: v.message ?? 'Invalid value',
            reason: issueReason(v.params),
          }),
        );
        return sendError(reply, request, 'VALIDATION_FAILED', 'The request is not valid', details);
      }
      if (isResponseSerializationError(err)) {
        request.log.error({ err }, 'response did not match its schema');
        return sendError(reply, request, 'INTERNAL', 'An unexpected error occurred');
      }
      // a route that reads a form itself, not through http/upload.ts, still refuses a bad one
      const upload = multipartRefusal(err, request.isMultipart());
      if (upload) return sendError(reply, request, upload.code, upload.message, upload.details, upload.reason);
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const code = STATUS_TO_CODE[status] ?? 'VALIDATION_FAILED';
        if (status === 429) return sendError(reply, request, 'RATE_LIMITED', 'Too many requests, please try again later');
        if (status === 413) return sendError(reply, request, 'PAYLOAD_TOO_LARGE', 'The request is too large');
        if (status === 415) return sendError(reply, request, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type');
        return sendError(reply, request, code, code === 'VALIDATION_FAILED' ? 'The request is not valid' : err.message);
      }
      request.log.error({ err }, 'unhandled error');
      return sendError(reply, request, 'INTERNAL', 'An unexpected error occurred');
    });
  },
  { name: 'errors' },
);
