/**
 * The token endpoint's error messages and their reasons: apart from the token schemas (auth/auth.ts)
 * because the sign-in route reads them, and that route downloads no zod (bundle budget).
 *
 * The login screen maps their reasons to the product's texts: invalid_username_or_password -> "Invalid
 * username or password.", invalid_grant -> "This account has been disabled.". Wrong password,
 * unknown user and locked account all answer the first one.
 */
export const LOGIN_ERROR_MESSAGES = {
  invalidCredentials: 'invalid_username_or_password',
  disabled: 'invalid_grant',
} as const;

/** The stable reason key of each of LOGIN_ERROR_MESSAGES, sent beside the text (see reasons.ts). */
export const LOGIN_ERROR_REASONS = {
  invalidCredentials: 'login-invalid-credentials',
  disabled: 'login-disabled',
} as const satisfies Record<keyof typeof LOGIN_ERROR_MESSAGES, string>;
