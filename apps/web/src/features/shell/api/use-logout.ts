/** Logout button: revoke on the server, forget the session, go to the login page. */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../../lib/session/logout';
import { paths } from '../../../config/paths';

export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    void navigate(paths.login, { replace: true });
  }, [navigate]);
}
