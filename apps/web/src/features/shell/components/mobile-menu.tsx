/**
 * Hamburger sidebar for narrow screens: main menu, organisation, settings and Logout. Escape closes
 * it unless an overlay in it (the organisation list) is open: that Escape closes the overlay only
 * (components/overlay-open.ts). A dropdown prevents the default of every Escape, open or not, so
 * that is not asked here: an Escape in the closed organisation field closes the sidebar.
 */
import { Button } from 'primereact/button';
import { Sidebar } from 'primereact/sidebar';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@orchard/shared/shell';
import { overlayOpen } from '../../../components/overlay-open';
import { useLogout } from '../api/use-logout';
import { OrganizationSwitcher } from './organization-switcher';
import { useSettingsActions } from './settings-menu';
import { TreeMenu } from './tree-menu';

export interface MobileMenuProps {
  id: string;
  visible: boolean;
  onHide: () => void;
  menu: MenuItem[];
}

export function MobileMenu({ id, visible, onHide, menu }: MobileMenuProps) {
  const { t } = useTranslation();
  const logout = useLogout();
  const actions = useSettingsActions(onHide);
  return (
    <Sidebar
      id={id}
      visible={visible}
      onHide={onHide}
      closeOnEscape={false}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !overlayOpen()) onHide();
      }}
      position="left"
      className="mobile-menu"
      ariaCloseLabel={t('shell.closeMenu')}
      aria-label={t('shell.menu')}
      header={<span className="mobile-menu-title">{t('shell.menu')}</span>}
    >
      <TreeMenu items={menu} onNavigate={onHide} />
      <div className="mobile-menu-section">
        <OrganizationSwitcher />
      </div>
      <ul className="mobile-menu-section mobile-settings" aria-label={t('shell.settingsMenu')}>
        {actions.map((a) => (
          <li key={a.key}>
            <Button type="button" text icon={a.icon} label={a.label} className="w-full mobile-menu-button" onClick={a.run} />
          </li>
        ))}
        <li>
          <Button
            type="button"
            text
            icon="pi pi-sign-out"
            label={t('shell.logout')}
            className="w-full mobile-menu-button"
            onClick={() => {
              onHide();
              void logout();
            }}
          />
        </li>
      </ul>
    </Sidebar>
  );
}
