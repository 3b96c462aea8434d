/**
 * The settings page's tabs, selected by URL fragment (docs/domain.md, Screens and layout): #users needs users.view,
 * #roles needs roles.view. A tab the user lacks is not shown. A fragment naming a tab that is not
 * shown (missing permission, unknown, or none) opens the first tab the user has, and the URL is
 * corrected to it; with no tab at all the route guard has already shown access denied.
 */
import { PERMISSIONS } from '@orchard/shared/core';

export const SETTINGS_TABS = [
  { key: 'users', label: 'settings.usersTab', permission: PERMISSIONS.usersView },
  { key: 'roles', label: 'settings.rolesTab', permission: PERMISSIONS.rolesView },
] as const;

export type SettingsTabKey = (typeof SETTINGS_TABS)[number]['key'];

export function allowedTabs(hasPermission: (p: string) => boolean) {
  return SETTINGS_TABS.filter((tab) => hasPermission(tab.permission));
}

/** The tab to show for a fragment, or null when the user has no tab. */
export function resolveTab(hash: string, hasPermission: (p: string) => boolean): SettingsTabKey | null {
  const wanted = decodeURIComponent(hash.replace(/^#/, '')).toLowerCase();
  const tabs = allowedTabs(hasPermission);
  return (tabs.find((tab) => tab.key === wanted) ?? tabs[0])?.key ?? null;
}
