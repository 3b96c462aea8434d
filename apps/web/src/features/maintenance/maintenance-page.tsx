/**
 * Maintenance (docs/domain.md, Maintenance): polls the public status every 500 ms. Maintenance on: DOWN FOR MAINTENANCE;
 * server unreachable: NO CONNECTION FOUND; online again: back to where the user was.
 */
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MAINTENANCE_POLL_MS } from '../../lib/ui-constants';
import { takeReturnPath } from '../../lib/navigation';
import { queryClient } from '../../lib/query-client';
import { getSystemStatus } from './api/get-system-status';

function MaintenanceStatus() {
  const { t } = useTranslation();
  const status = useQuery({
    queryKey: ['system-status'],
    queryFn: ({ signal }) => getSystemStatus(signal),
    refetchInterval: MAINTENANCE_POLL_MS,
    refetchIntervalInBackground: true,
    retry: false,
    gcTime: 0,
    staleTime: 0,
  });

  const backOnline = status.data && status.data.online && !status.data.maintenance && !status.isError;
  useEffect(() => {
    // a full load: the session is restored from the refresh cookie and a new version is picked up
    if (backOnline) window.location.replace(takeReturnPath());
  }, [backOnline]);

  const offline = status.isError;
  return (
    <main id="main-content" className="exception-page">
      <section className="exception-screen" aria-live="polite" aria-labelledby="maintenance-heading">
        <i className={`pi ${offline ? 'pi-wifi' : 'pi-wrench'} exception-icon`} aria-hidden="true" />
        <h1 id="maintenance-heading">{offline ? t('maintenance.offlineHeading') : t('maintenance.onlineHeading')}</h1>
        <p>{offline ? t('maintenance.offlineText') : t('maintenance.onlineText')}</p>
      </section>
    </main>
  );
}

export function MaintenancePage() {
  return (
    <QueryClientProvider client={queryClient}>
      <MaintenanceStatus />
    </QueryClientProvider>
  );
}

export default MaintenancePage;
