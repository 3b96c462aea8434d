/**
 * Profile (docs/domain.md, Own password): the user editor in edit-self mode (its changing-password mode emits the
 * same password-changed event as the form), then the change-password form.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { errorText } from '../../lib/api-error';
import { useSessionContext } from '../../lib/session/use-session-context';
import { emitPasswordChanged } from '../../features/account/password-events';
import { UserEditor, useUser } from '../../features/users';
import '../../features/users/users.css';

const ChangePasswordForm = lazy(() => import('../../features/account/change-password-form'));

export function ProfilePage() {
  const { t } = useTranslation();
  const { userId } = useSessionContext();
  const self = useUser(userId);

  return (
    <div className="profile-page">
      <h1>{t('settings.profileTitle')}</h1>
      {self.isLoading && <PageLoader />}
      {self.error && (
        <p role="alert" className="p-error">
          {t('users.loadUserFailed')} {errorText(self.error)}
        </p>
      )}
      {self.data && (
        <UserEditor
          key={`${self.data.id}:${self.data.version}`}
          mode="view"
          user={self.data}
          selfProfile
          onPasswordChanged={emitPasswordChanged}
        />
      )}
      <Suspense fallback={<PageLoader />}>
        <ChangePasswordForm />
      </Suspense>
    </div>
  );
}

export default ProfilePage;
