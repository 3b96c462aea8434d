/**
 * The screen under the shell starts afresh per organisation: its filters, selections and open
 * dialogs name the organisation it was opened in (farms, packhouses, blocks), so an organisation
 * switch that lands on the same address must not keep them. Every screen gets this here, once.
 */
import { Fragment, type ReactNode } from 'react';
import { useSession } from '../lib/session/session-store';

export function OrganizationScope({ children }: { children: ReactNode }) {
  const organizationId = useSession((s) => s.organizationId);
  return <Fragment key={organizationId ?? 'none'}>{children}</Fragment>;
}
