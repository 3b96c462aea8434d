/** The signed-in user's own account: changing their password (docs/domain.md, Users and roles, Own password). */
import { z } from 'zod';
import { MAX_STRING, PASSWORD_MIN } from '../core/constants.js';

export const ACCOUNT_PATHS = {
  password: '/api/account/password',
} as const;

export const CHANGE_PASSWORD_MESSAGES = {
  currentRequired: 'Current Password is required',
  newRequired: `New password is required (minimum of ${PASSWORD_MIN} characters)`,
  confirmRequired: 'Confirmation password is required',
  mismatch: 'New password and confirmation password do not match',
  sameAsCurrent: 'New Password cannot match your old password',
  /** error.message when the current password does not verify */
  incorrect: 'Incorrect password.',
  /** details[currentPassword] when the current password does not verify */
  currentIncorrect: 'Current password is incorrect',
} as const;

/** The stable reason key of each of CHANGE_PASSWORD_MESSAGES, sent beside the text (see reasons.ts). */
export const CHANGE_PASSWORD_REASONS = {
  currentRequired: 'current-password-required',
  newRequired: 'new-password-too-short',
  confirmRequired: 'confirm-password-required',
  mismatch: 'password-mismatch',
  sameAsCurrent: 'password-same-as-current',
  incorrect: 'password-incorrect',
  currentIncorrect: 'current-password-incorrect',
} as const satisfies Record<keyof typeof CHANGE_PASSWORD_MESSAGES, string>;

export const changePasswordBodySchema = z
  .object({
    currentPassword: z
      .string({ error: CHANGE_PASSWORD_MESSAGES.currentRequired })
      .min(1, CHANGE_PASSWORD_MESSAGES.currentRequired)
      .max(MAX_STRING),
    newPassword: z
      .string({ error: CHANGE_PASSWORD_MESSAGES.newRequired })
      .min(PASSWORD_MIN, CHANGE_PASSWORD_MESSAGES.newRequired)
      .max(MAX_STRING),
    confirmPassword: z
      .string({ error: CHANGE_PASSWORD_MESSAGES.confirmRequired })
      .min(1, CHANGE_PASSWORD_MESSAGES.confirmRequired)
      .max(MAX_STRING),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword !== v.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: CHANGE_PASSWORD_MESSAGES.mismatch });
    }
    if (v.currentPassword === v.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: CHANGE_PASSWORD_MESSAGES.sameAsCurrent });
    }
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
