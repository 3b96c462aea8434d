/**
 * The login form as a modal when the session cannot be refreshed (docs/domain.md, Session expired):
 * "Session restored", then after 500 ms a prompt to retry the operations that failed.
 */
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { SESSION_RESTORED_PROMPT_DELAY_MS } from '../../lib/ui-constants';
import { type TokenResponse } from '@orchard/shared/auth';
import { settlePendingOperations } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { meQueryOptions } from '../../lib/session/session-queries';
import { sessionStore, setAccessToken, useSession } from '../../lib/session/session-store';
import { toast } from '../../lib/toast';
import { LoginForm } from './components/login-form';
import { useLogin } from './use-login';

/**
 * The retry prompt's own ConfirmDialog group: confirmDialog() without a group opens in every
 * ungrouped <ConfirmDialog /> mounted (a screen's own included), which stacked two prompts.
 */
const RETRY_CONFIRM_GROUP = 'session-retry';

export function SessionExpiredDialog() {
  const { t } = useTranslation();
  const visible = useSession((s) => s.sessionExpired);
  const userId = useSession((s) => s.userId);
  const userName = queryClient.getQueryData(meQueryOptions(userId).queryKey)?.userName ?? '';

  const onToken = useCallback(
    async (token: TokenResponse) => {
      const previousUser = sessionStore.getState().userId;
      if (previousUser != null && previousUser !== token.user_id) {
        // someone else signed in: start over with their session
        settlePendingOperations(false);
        setAccessToken(token);
        window.location.assign('/');
        return;
      }
      setAccessToken(token);
      sessionStore.setState({ sessionExpired: false });
      toast.success(t('login.sessionRestored'));
      window.setTimeout(() => {
        confirmDialog({
          group: RETRY_CONFIRM_GROUP,
          header: t('login.retryTitle'),
          message: t('login.retryPrompt'),
          icon: 'pi pi-refresh',
          acceptLabel: t('shell.yes'),
          rejectLabel: t('shell.no'),
          accept: () => {
            settlePendingOperations(true);
            void queryClient.invalidateQueries({ type: 'active' });
          },
          reject: () => settlePendingOperations(false),
        });
      }, SESSION_RESTORED_PROMPT_DELAY_MS);
    },
    [t],
  );

  const { loading, submit, finish } = useLogin({ onToken, logoutOnFailure: false });

  return (
    <>
      <Dialog
        header={t('login.sessionExpiredTitle')}
        visible={visible}
        modal
        closable={false}
        draggable={false}
        resizable={false}
        onHide={() => undefined}
        onShow={finish}
        className="session-expired-dialog"
        style={{ width: 'min(420px, 95vw)' }}
      >
        <p>{t('login.sessionExpiredText')}</p>
        {visible && <LoginForm loading={loading} onSubmit={(v) => void submit(v)} defaultUsername={userName} />}
      </Dialog>
      <ConfirmDialog group={RETRY_CONFIRM_GROUP} />
    </>
  );
}

export default SessionExpiredDialog;
