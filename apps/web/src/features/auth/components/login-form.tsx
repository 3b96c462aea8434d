/**
 * The sign-in form (docs/domain.md, Sign-in), used by the login page and the session-expired dialog.
 * Plain state rather than react-hook-form: two required fields, and the login route is on a
 * download budget.
 */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_STRING } from '@orchard/shared/core';
import { PasswordField } from './password-field';

export interface LoginFormValues {
  username: string;
  password: string;
  rememberMe: boolean;
}

export interface LoginFormProps {
  loading: boolean;
  onSubmit: (values: LoginFormValues) => void;
  defaultUsername?: string;
}

type FieldErrors = Partial<Record<'username' | 'password', string>>;

/** passwordGrantSchema's rules for the two fields, as i18n keys. */
export function validateLogin(values: LoginFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (values.username.trim() === '') errors.username = 'login.usernameRequired';
  if (values.password === '') errors.password = 'login.passwordRequired';
  return errors;
}

export function LoginForm({ loading, onSubmit, defaultUsername = '' }: LoginFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<LoginFormValues>({ username: defaultUsername, password: '', rememberMe: false });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const update = (patch: Partial<LoginFormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (submitted) setErrors(validateLogin(next));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (loading) return;
    setSubmitted(true);
    const found = validateLogin(values);
    setErrors(found);
    if (!found.username && !found.password) onSubmit({ ...values, username: values.username.trim() });
  };

  const usernameId = `${id}-username`;
  const passwordId = `${id}-password`;
  const rememberId = `${id}-remember`;

  return (
    <form className="login-form" noValidate onSubmit={submit}>
      <div className="field">
        <label htmlFor={usernameId}>{t('login.username')}</label>
        <InputText
          id={usernameId}
          name="username"
          value={values.username}
          onChange={(e) => update({ username: e.target.value })}
          maxLength={MAX_STRING}
          autoComplete="username"
          autoFocus={!defaultUsername}
          invalid={!!errors.username}
          aria-invalid={!!errors.username}
          aria-describedby={errors.username ? `${usernameId}-error` : undefined}
          className="w-full"
        />
        {errors.username && (
          <small id={`${usernameId}-error`} className="field-error">
            {t(errors.username)}
          </small>
        )}
      </div>
      <div className="field">
        <label htmlFor={passwordId}>{t('login.password')}</label>
        <PasswordField
          inputId={passwordId}
          name="password"
          value={values.password}
          onChange={(e) => update({ password: e.target.value })}
          maxLength={MAX_STRING}
          autoComplete="current-password"
          autoFocus={!!defaultUsername}
          invalid={!!errors.password}
          aria-invalid={!!errors.password}
          aria-describedby={errors.password ? `${passwordId}-error` : undefined}
          className="w-full"
          inputClassName="w-full"
          showLabel={t('login.showPassword')}
        />
        {errors.password && (
          <small id={`${passwordId}-error`} className="field-error">
            {t(errors.password)}
          </small>
        )}
      </div>
      <div className="field-checkbox">
        <Checkbox inputId={rememberId} name="rememberMe" checked={values.rememberMe} onChange={(e) => update({ rememberMe: !!e.checked })} />
        <label htmlFor={rememberId}>{t('login.rememberMe')}</label>
      </div>
      <Button
        type="submit"
        className="w-full login-button"
        label={loading ? t('login.loggingIn') : t('login.logIn')}
        icon={loading ? 'pi pi-spin pi-spinner' : 'pi pi-sign-in'}
        disabled={loading}
      />
    </form>
  );
}
