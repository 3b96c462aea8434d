/** Settings menu: Profile, Settings (when the user has one of its tabs) and, for super users, Clear Cache
 * (the caches are every organisation's: a platform action). Every entry leads only where the user may go. */
import type { MenuItem as PrimeMenuItem } from 'primereact/menuitem';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useSessionContext } from '../../../lib/session/use-session-context';
import { allowedTabs } from '../../../lib/settings-tabs';
import { useClearCache } from '../api/clear-cache';

export interface SettingsAction {
  key: string;
  label: string;
  icon: string;
  run: () => void;
}

/** The settings actions; shared by the top-bar popup and the mobile sidebar. */
export function useSettingsActions(after?: () => void): SettingsAction[] {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hasPermission, user } = useSessionContext();
  const isSuperUser = user?.isSuperUser ?? false;
  const { mutate: clearCache } = useClearCache();
  return useMemo(() => {
    const done = (fn: () => void) => () => {
      fn();
      after?.();
    };
    const actions: SettingsAction[] = [
      { key: 'profile', label: t('shell.profile'), icon: 'pi pi-user-edit', run: done(() => void navigate(paths.settingsProfile)) },
    ];
    if (allowedTabs(hasPermission).length > 0) {
      actions.push({ key: 'settings', label: t('shell.settings'), icon: 'pi pi-cog', run: done(() => void navigate(paths.settings)) });
    }
    if (isSuperUser) {
      actions.push({ key: 'clear-cache', label: t('shell.clearCache'), icon: 'pi pi-refresh', run: done(() => clearCache()) });
    }
    return actions;
  }, [t, navigate, hasPermission, isSuperUser, clearCache, after]);
}

export function SettingsMenu() {
  const { t } = useTranslation();
  const menuRef = useRef<Menu>(null);
  const id = useId();
  const actions = useSettingsActions();
  const model: PrimeMenuItem[] = actions.map((a) => ({ label: a.label, icon: a.icon, command: a.run }));
  return (
    <>
      <Menu model={model} popup ref={menuRef} id={id} popupAlignment="right" aria-label={t('shell.settingsMenu')} />
      <Button
        type="button"
        icon="pi pi-cog"
        rounded
        text
        className="topbar-icon-button"
        aria-label={t('shell.settingsMenu')}
        aria-haspopup="menu"
        aria-controls={id}
        onClick={(e) => menuRef.current?.toggle(e)}
      />
    </>
  );
}
