/** Providers, API client wiring and the session restore that runs once at start-up. */
import { PrimeReactProvider } from 'primereact/api';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, useLocation, useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { configureApiClient } from '../lib/api-client';
import { i18n } from '../lib/i18n-core';
import { rememberReturnPath } from '../lib/navigation';
import { bootstrapSession } from '../lib/session/bootstrap';
import { AppRoutes } from './router';

/** Lets the API client (outside React) send the user to the maintenance page. */
function ApiClientBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    configureApiClient({
      onMaintenance: () => {
        const { pathname, search, hash } = location;
        if (pathname === paths.maintenance) return;
        rememberReturnPath(`${pathname}${search}${hash}`);
        void navigate(paths.maintenance, { replace: true });
      },
    });
  }, [location, navigate]);
  return null;
}

export function App() {
  useEffect(() => {
    void bootstrapSession();
  }, []);

  return (
    <I18nextProvider i18n={i18n}>
      <PrimeReactProvider value={{ ripple: false }}>
        {/* the QueryClientProvider sits in the shell and the maintenance page: the login route needs no server state */}
        <BrowserRouter>
          <ApiClientBridge />
          <AppRoutes />
        </BrowserRouter>
      </PrimeReactProvider>
    </I18nextProvider>
  );
}
