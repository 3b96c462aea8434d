/** The password sign-in call and its loading/blocking states (docs/domain.md, Sign-in). */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ToastMessage } from 'primereact/toast';
import { useTranslation } from 'react-i18next';
import { LOADING_RESET_AFTER_ERROR_MS, LOGIN_BLOCK_MS, LOGIN_PATH_FLAG } from '../../lib/ui-constants';
import { type TokenResponse } from '@orchard/shared/auth';
import { requestToken } from '../../lib/api-client';
import { logout } from '../../lib/session/logout';
import { toast } from '../../lib/toast';
import type { LoginFormValues } from './components/login-form';
import { loginErrorToast } from '../../lib/login-errors';

export interface UseLoginOptions {
  /** ?path=anb on the login URL */
  pathFlag?: boolean;
  /** runs after the token is stored; throwing shows the login error */
  onToken: (token: TokenResponse) => Promise<void>;
  /** sign out again when the flow after the token fails (login page: yes; session restore: no) */
  logoutOnFailure: boolean;
}

export function useLogin({ pathFlag, onToken, logoutOnFailure }: UseLoginOptions) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const timers = useRef<number[]>([]);

  useEffect(() => {
    const list = timers.current;
    return () => list.forEach((id) => window.clearTimeout(id));
  }, []);

  const later = useCallback((fn: () => void, ms: number) => {
    timers.current.push(window.setTimeout(fn, ms));
  }, []);

  const submit = useCallback(
    async (values: LoginFormValues) => {
      setLoading(true);
      setBlocked(true);
      later(() => setBlocked(false), LOGIN_BLOCK_MS);
      // shown while the sign-in runs, and gone as soon as it has ended either way
      const attempting: ToastMessage = { severity: 'info', summary: t('login.attempting'), life: 3000 };
      toast.show(attempting);
      let signedIn = false;
      try {
        const token = await requestToken({
          grant_type: 'password',
          username: values.username,
          password: values.password,
          remember_me: values.rememberMe,
          ...(pathFlag ? { path: LOGIN_PATH_FLAG } : {}),
        });
        signedIn = true;
        toast.remove(attempting);
        await onToken(token);
      } catch (error) {
        toast.remove(attempting);
        if (signedIn && logoutOnFailure) await logout();
        const { summary, detail } = loginErrorToast(error, t);
        toast.show({ severity: 'error', summary, detail, sticky: true });
        later(() => {
          setLoading(false);
          setBlocked(false);
        }, LOADING_RESET_AFTER_ERROR_MS);
      }
    },
    [later, logoutOnFailure, onToken, pathFlag, t],
  );

  const finish = useCallback(() => {
    setLoading(false);
    setBlocked(false);
  }, []);

  return { loading, blocked, submit, finish };
}
