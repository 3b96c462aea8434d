/**
 * The strength of a new password as it is typed (rule: passwordStrength in @orchard/shared): three
 * segments and the word, and for a screen reader a meter whose value text is the word. Nothing
 * while the field is empty. Never on the sign-in form.
 */
import { useTranslation } from 'react-i18next';
import { PASSWORD_STRENGTH_LEVELS, passwordStrength } from '@orchard/shared/auth';

export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation();
  const strength = passwordStrength(password);
  if (!strength) return null;
  const level = PASSWORD_STRENGTH_LEVELS.indexOf(strength) + 1;
  const word = t(`passwordStrength.${strength}`);
  return (
    <div
      id={id}
      className={`password-strength password-strength-${strength}`}
      role="meter"
      aria-label={t('passwordStrength.label')}
      aria-valuemin={0}
      aria-valuemax={PASSWORD_STRENGTH_LEVELS.length}
      aria-valuenow={level}
      aria-valuetext={word}
    >
      <div className="password-strength-bars" aria-hidden="true">
        {PASSWORD_STRENGTH_LEVELS.map((l, i) => (
          <span key={l} className={`password-strength-bar${i < level ? ' filled' : ''}`} />
        ))}
      </div>
      <span className="password-strength-word" aria-hidden="true">
        {t('passwordStrength.label')}: {word}
      </span>
    </div>
  );
}
