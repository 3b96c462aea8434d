/**
 * The user editor's passwords: a new user's first password, and, editing yourself, the Change
 * Password button that opens Current, New and Confirm Password (sent with the rest of the form).
 */
import { Button } from 'primereact/button';
import { Password } from 'primereact/password';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/field-error';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';
import { PASSWORD_FIELDS, type PasswordField } from '../user-editor-logic';
import type { EditorFields } from './user-editor-fields';

/** A new user's password. */
export function NewPasswordField({ fields, disabled }: { fields: EditorFields; disabled: boolean }) {
  const { t } = useTranslation();
  const { form, fid, describedBy, errorOf } = fields;
  return (
    <FormField id={fid('password')} label={t('users.password')} error={errorOf('password')}>
      <Controller
        name="password"
        control={form.control}
        render={({ field: f }) => (
          <>
          <Password
            inputId={fid('password')}
            value={f.value}
            onChange={(e) => f.onChange(e.target.value)}
            onBlur={f.onBlur}
            feedback={false}
            toggleMask
            disabled={disabled}
            invalid={!!form.formState.errors.password}
            aria-describedby={describedBy('password')}
            className="w-full"
            inputClassName="w-full"
            autoComplete="new-password"
          />
          <PasswordStrengthMeter password={f.value ?? ''} />
          </>
        )}
      />
    </FormField>
  );
}

/** Opens the password fields (editing yourself). */
export function ChangePasswordButton({ fields, onClick, disabled }: { fields: EditorFields; onClick: () => void; disabled: boolean }) {
  const { t } = useTranslation();
  const labelId = `${fields.fid('changePassword')}-label`;
  return (
    <div className="field">
      <span className="field-label" id={labelId}>
        {t('users.password')}
      </span>
      <Button
        type="button"
        link
        icon="pi pi-key"
        label={t('users.changePassword')}
        className="change-password-button"
        aria-describedby={labelId}
        onClick={onClick}
        disabled={disabled}
      />
    </div>
  );
}

/** Current, New and Confirm Password, while changing your password. */
export function PasswordChangeFields({ fields, disabled }: { fields: EditorFields; disabled: boolean }) {
  const { t } = useTranslation();
  const { form, fid, describedBy, errorOf } = fields;

  /** After a password field changes, its neighbours' messages follow (e.g. the mismatch clears). */
  const revalidateOthers = (changed: PasswordField) => {
    const shown = PASSWORD_FIELDS.filter((f) => f !== changed && form.formState.errors[f]);
    if (shown.length > 0) void form.trigger(shown);
  };

  return (
    <fieldset className="field field-wide password-well">
      <legend>{t('users.changePassword')}</legend>
      {PASSWORD_FIELDS.map((name) => (
        <FormField key={name} id={fid(name)} label={t(`account.${name}`)} error={errorOf(name)}>
          <Controller
            name={name}
            control={form.control}
            render={({ field: f }) => (
              <>
              <Password
                inputId={fid(name)}
                inputRef={f.ref}
                value={f.value}
                onChange={(e) => {
                  f.onChange(e.target.value);
                  revalidateOthers(name);
                }}
                onBlur={f.onBlur}
                feedback={false}
                toggleMask
                disabled={disabled}
                invalid={!!form.formState.errors[name]}
                aria-describedby={describedBy(name)}
                className="w-full"
                inputClassName="w-full"
                autoComplete={name === 'currentPassword' ? 'current-password' : 'new-password'}
              />
              {name === 'newPassword' && <PasswordStrengthMeter password={f.value ?? ''} />}
              </>
            )}
          />
        </FormField>
      ))}
    </fieldset>
  );
}
