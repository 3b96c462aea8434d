/** The public login route (docs/domain.md, Sign-in). */
import { BlockUI } from 'primereact/blockui';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LOGIN_PATH_FLAG, WELCOME_TOAST_DELAY_MS } from '../../lib/ui-constants';
import { type TokenResponse } from '@orchard/shared/auth';
import { APP_NAME } from '@orchard/shared/core';
import { PageLoader } from '../../components/page-loader';
import { setAccessToken, useSession } from '../../lib/session/session-store';
import { toast } from '../../lib/toast';
import { LoginForm } from './components/login-form';
import { useLogin } from './use-login';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const status = useSession((s) => s.status);
  const landingPage = useSession((s) => s.landingPage);

  const onToken = useCallback(
    async (token: TokenResponse) => {
      setAccessToken(token);
      // the session flows (and zod) load after the credentials are accepted, not with the login route
      const { establishSession } = await import('../../lib/session/session-context');
      const session = await establishSession();
      toast.clear(); // an earlier sticky "Unable to login" no longer applies
      void navigate(session.landingPage, { replace: true });
      window.setTimeout(
        () => toast.success(t('login.welcome'), session.user.fullName ?? session.user.userName),
        WELCOME_TOAST_DELAY_MS,
      );
    },
    [navigate, t],
  );

  const { loading, blocked, submit } = useLogin({
    pathFlag: params.get('path') === LOGIN_PATH_FLAG,
    onToken,
    logoutOnFailure: true,
  });

  if (status === 'unknown') return <PageLoader />;
  if (status === 'authenticated' && !loading) return <Navigate to={landingPage ?? '/'} replace />;

  return (
    <BlockUI blocked={blocked} fullScreen>
      <main className="login-page" id="main-content">
        <section className="login-card" aria-labelledby="login-heading">
          <p className="login-brand">
            <i className="pi pi-sun" aria-hidden="true" /> {APP_NAME}
          </p>
          <h1 id="login-heading">{t('login.title')}</h1>
          <p className="login-subtitle">{t('login.subtitle')}</p>
          <LoginForm loading={loading} onSubmit={(v) => void submit(v)} />
        </section>
      </main>
    </BlockUI>
  );
}

export default LoginPage;
