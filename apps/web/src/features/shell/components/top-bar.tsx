/** The top bar (docs/domain.md, Screens and layout); below 768 px most of it moves into the hamburger sidebar. */
import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../api/use-logout';
import { OrganizationLogo } from './organization-logo';
import { OrganizationSwitcher } from './organization-switcher';
import { SettingsMenu } from './settings-menu';
import { UserBadge } from './user-badge';

export interface TopBarProps {
  mobileMenuOpen: boolean;
  mobileMenuId: string;
  onOpenMobileMenu: () => void;
  /** the notifications bell, composed in by the app (features do not import each other) */
  notifications?: ReactNode;
}

export function TopBar({ mobileMenuOpen, mobileMenuId, onOpenMobileMenu, notifications }: TopBarProps) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <header className="topbar">
      <Button
        type="button"
        icon="pi pi-bars"
        text
        rounded
        className="topbar-icon-button mobile-only"
        aria-label={t('shell.openMenu')}
        aria-expanded={mobileMenuOpen}
        aria-controls={mobileMenuId}
        onClick={onOpenMobileMenu}
      />
      <OrganizationLogo />
      <div className="topbar-spacer" />
      <OrganizationSwitcher className="desktop-only" />
      {notifications}
      <UserBadge />
      <div className="desktop-only topbar-actions">
        <SettingsMenu />
        <Button type="button" icon="pi pi-sign-out" label={t('shell.logout')} text className="logout-button" onClick={() => void logout()} />
      </div>
    </header>
  );
}
