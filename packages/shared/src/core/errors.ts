/** The one error envelope every API answer uses, with stable codes the client branches on. */
import { z } from 'zod';
import { ERROR_REASONS, type ErrorReason } from './reasons.js';

export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  MAINTENANCE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The stable key of the rule behind an error or a detail (reasons.ts); screens branch on it, never on the text. */
export const errorReasonSchema = z.enum(ERROR_REASONS);

export const errorDetailSchema = z.object({
  field: z.string(),
  message: z.string(),
  reason: errorReasonSchema,
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;
/** A detail as the server raises it: the reason defaults to the key of its message constant. */
export type ErrorDetailInput = { field: string; message: string; reason?: ErrorReason };

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    reason: errorReasonSchema,
    details: z.array(errorDetailSchema).optional(),
  }),
  requestId: z.string(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
export * from './reasons.js';
