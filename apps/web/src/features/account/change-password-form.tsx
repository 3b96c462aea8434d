/**
 * The change-password form (docs/domain.md, Own password). The current password is always asked for:
 * the session never keeps the user's password in memory (only an access token), so it cannot be
 * "already known" here, and the server requires it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Password } from 'primereact/password';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordStrengthMeter } from '../../components/password-strength-meter';
import { LOADING_RESET_AFTER_ERROR_MS } from '../../lib/ui-constants';
import { changePasswordBodySchema, type ChangePasswordBody } from '@orchard/shared/account';
import { toast } from '../../lib/toast';
import { useChangePassword } from './api/change-password';
import { changePasswordErrorToast, changePasswordFieldText, changePasswordInvalidToast } from './change-password-errors';
import { emitPasswordChanged } from './password-events';

const EMPTY: ChangePasswordBody = { currentPassword: '', newPassword: '', confirmPassword: '' };

export interface ChangePasswordFormProps {
  /** called after a successful change */
  onChanged?: () => void;
}

export function ChangePasswordForm({ onChanged }: ChangePasswordFormProps = {}) {
  const { t } = useTranslation();
  const id = useId();
  const mutation = useChangePassword();
  const [busy, setBusy] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const {
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordBody>({ resolver: zodResolver(changePasswordBodySchema), defaultValues: EMPTY });

  /** The alerts that go with the inline messages (5.2). */
  const onInvalid = (e: FieldErrors<ChangePasswordBody>) => {
    const alert = changePasswordInvalidToast(e, t);
    if (alert) toast.error(alert.summary, alert.detail);
  };

  const onValid = async (body: ChangePasswordBody) => {
    window.clearTimeout(timer.current);
    setBusy(true);
    try {
      await mutation.mutateAsync(body);
      setBusy(false);
      reset(EMPTY);
      toast.success(t('account.changed'), t('account.changedDetail'));
      emitPasswordChanged();
      onChanged?.();
    } catch (e) {
      const { summary, detail } = changePasswordErrorToast(e, t);
      toast.error(summary, detail, true);
      timer.current = window.setTimeout(() => setBusy(false), LOADING_RESET_AFTER_ERROR_MS);
    }
  };

  const fields = [
    { name: 'currentPassword', label: t('account.currentPassword'), autoComplete: 'current-password' },
    { name: 'newPassword', label: t('account.newPassword'), autoComplete: 'new-password' },
    { name: 'confirmPassword', label: t('account.confirmPassword'), autoComplete: 'new-password' },
  ] as const;

  return (
    <form
      className="change-password-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => void handleSubmit(onValid, onInvalid)(e)}
    >
      <h2 id={`${id}-title`} className="change-password-title">
        {t('account.changePassword')}
      </h2>
      {fields.map((f) => {
        const message = changePasswordFieldText(errors[f.name], t);
        const inputId = `${id}-${f.name}`;
        return (
          <div className="field" key={f.name}>
            <label htmlFor={inputId}>{f.label}</label>
            <Controller
              name={f.name}
              control={control}
              render={({ field }) => (
                <>
                <Password
                  inputId={inputId}
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  feedback={false}
                  toggleMask
                  disabled={busy}
                  invalid={!!message}
                  autoComplete={f.autoComplete}
                  aria-invalid={!!message}
                  aria-describedby={message ? `${inputId}-error` : undefined}
                  className="w-full"
                  inputClassName="w-full"
                />
                {f.name === 'newPassword' && <PasswordStrengthMeter password={field.value ?? ''} />}
                </>
              )}
            />
            {message && (
              <small id={`${inputId}-error`} className="field-error">
                {message}
              </small>
            )}
          </div>
        );
      })}
      <Button
        type="submit"
        label={busy ? t('account.changingPassword') : t('account.changePassword')}
        icon={busy ? 'pi pi-spin pi-spinner' : 'pi pi-lock'}
        disabled={busy}
      />
    </form>
  );
}

export default ChangePasswordForm;
