/**
 * The public page behind a mailed password reset link (/reset-password?token=...): checks the
 * link, asks for the new password twice (the server's schema: minimum 6, must match), sets it and
 * offers the way to sign in. The token is read once from the URL, kept in memory only, removed
 * from the address bar and never logged.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Password } from 'primereact/password';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordStrengthMeter } from '../../components/password-strength-meter';
import { Link } from 'react-router';
import { completePasswordResetBodySchema, type CompletePasswordResetBody } from '@orchard/shared/users';
import { paths } from '../../config/paths';
import { FormField } from '../../components/field-error';
import { PageLoader } from '../../components/page-loader';
import { errorText, isApiError } from '../../lib/api-error';
import { queryClient } from '../../lib/query-client';
import { resetTokenQueryOptions } from './api/check-reset-token';
import { useCompletePasswordReset } from './api/complete-password-reset';
import './password-reset.css';

/** Reads the token from the address once and takes it out of the address bar (and history). */
function useTokenFromUrl(): string {
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  useEffect(() => {
    if (window.location.search) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  return token;
}

function ResetPasswordForm({ token, userName }: { token: string; userName: string }) {
  const { t } = useTranslation();
  const id = useId();
  const complete = useCompletePasswordReset();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, formState, setError } = useForm<CompletePasswordResetBody>({
    defaultValues: { token, newPassword: '', confirmPassword: '' },
    resolver: zodResolver(completePasswordResetBodySchema),
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await complete.mutateAsync(body);
      setDone(true);
    } catch (e) {
      const tokenDetail = isApiError(e) ? e.details?.find((d) => d.field === 'token') : undefined;
      if (tokenDetail) setFailure(t('passwordReset.invalidLink'));
      else {
        for (const d of isApiError(e) ? (e.details ?? []) : []) {
          if (d.field === 'newPassword' || d.field === 'confirmPassword') setError(d.field, { type: 'server', message: d.message });
        }
        setFailure(`${t('passwordReset.error')}: ${errorText(e)}`);
      }
    }
  });

  if (done) {
    return (
      <div className="reset-result">
        <p className="reset-message reset-success" role="status">
          {t('passwordReset.success')}
        </p>
        <Link to={paths.login} className="reset-sign-in">
          {t('passwordReset.signIn')}
        </Link>
      </div>
    );
  }

  const field = (name: 'newPassword' | 'confirmPassword', label: string) => {
    const error = formState.errors[name]?.message;
    return (
      <FormField id={`${id}-${name}`} label={label} error={error} className="reset-field" errorClassName="p-error">
        <Controller
          name={name}
          control={control}
          render={({ field: f }) => (
            <>
            <Password
              inputId={`${id}-${name}`}
              value={f.value}
              onChange={(e) => f.onChange(e.target.value)}
              onBlur={f.onBlur}
              feedback={false}
              toggleMask
              invalid={!!error}
              aria-describedby={error ? `${id}-${name}-error` : undefined}
              autoComplete="new-password"
              className="w-full"
              inputClassName="w-full"
            />
            {name === 'newPassword' && <PasswordStrengthMeter password={f.value ?? ''} />}
            </>
          )}
        />
      </FormField>
    );
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="reset-form" aria-label={t('passwordReset.heading')}>
      <p>{t('passwordReset.forUser', { userName })}</p>
      {field('newPassword', t('passwordReset.newPassword'))}
      {field('confirmPassword', t('passwordReset.confirmPassword'))}
      {failure && (
        <p className="reset-message reset-error" role="alert">
          {failure}
        </p>
      )}
      <Button
        type="submit"
        label={complete.isPending ? t('passwordReset.submitting') : t('passwordReset.submit')}
        loading={complete.isPending}
        disabled={complete.isPending}
        className="w-full"
      />
    </form>
  );
}

function ResetPassword() {
  const { t } = useTranslation();
  const token = useTokenFromUrl();
  const check = useQuery({ ...resetTokenQueryOptions(token), enabled: token !== '' });
  const invalid = token === '' || check.isError;

  return (
    <main className="reset-page">
      <Card className="reset-card">
        <h1>{t('passwordReset.heading')}</h1>
        {invalid ? (
          <div className="reset-result">
            <p className="reset-message reset-error" role="alert">
              {t('passwordReset.invalidLink')}
            </p>
            <Link to={paths.login} className="reset-sign-in">
              {t('passwordReset.signIn')}
            </Link>
          </div>
        ) : check.data ? (
          <ResetPasswordForm token={token} userName={check.data.userName} />
        ) : (
          <PageLoader />
        )}
      </Card>
    </main>
  );
}

export function ResetPasswordPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <ResetPassword />
    </QueryClientProvider>
  );
}

export default ResetPasswordPage;
