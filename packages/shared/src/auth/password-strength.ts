/**
 * The password strength meter's rule (docs/domain.md, Users and roles, Own password), shown wherever a new password is typed
 * and never on sign-in. Decided here:
 * - strong: a lower-case letter, an upper-case letter and a digit, and 8 or more characters;
 * - medium: a lower-case letter plus an upper-case letter or a digit, and 6 or more characters
 *   (read as written: the lower-case letter is needed; "ABC123" is weak);
 * - weak: any other non-empty password; an empty one has no strength (the meter shows nothing).
 * Letters are ASCII letters (a-z, A-Z) and digits 0-9; other characters count towards the length
 * only. The length counts characters, not UTF-16 units.
 * It is feedback, not a rule: the server's password rules (minimum length) decide what is accepted.
 */
export type PasswordStrength = 'weak' | 'medium' | 'strong';

export const PASSWORD_STRENGTH_LEVELS: readonly PasswordStrength[] = ['weak', 'medium', 'strong'];

export function passwordStrength(password: string): PasswordStrength | null {
  if (password.length === 0) return null;
  const length = Array.from(password).length;
  const lower = /[a-z]/.test(password);
  const upper = /[A-Z]/.test(password);
  const digit = /[0-9]/.test(password);
  if (lower && upper && digit && length >= 8) return 'strong';
  if (lower && (upper || digit) && length >= 6) return 'medium';
  return 'weak';
}
