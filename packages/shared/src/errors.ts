/** The one error envelope every API answer uses, with stable codes the client branches on. */
import { z } from 'zod';

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

export const errorDetailSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(errorDetailSchema).optional(),
  }),
  requestId: z.string(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/**
 * Messages the token endpoint answers with. The login screen maps them to the spec's texts:
 * invalid_username_or_password -> "Invalid username or password.", invalid_grant -> "This account
 * has been disabled.". Wrong password, unknown user and locked account all answer the first one.
 */
export const LOGIN_ERROR_MESSAGES = {
  invalidCredentials: 'invalid_username_or_password',
  disabled: 'invalid_grant',
} as const;
