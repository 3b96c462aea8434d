/** Document title: route title, an optional fragment, then the app name. */
import { APP_NAME } from '@orchard/shared/core';

export function buildPageTitle(title?: string | null, fragment?: string | null): string {
  const parts = [title, fragment ? humaniseFragment(fragment) : null].filter((p): p is string => !!p && p.trim() !== '');
  return parts.length ? `${parts.join(' - ')} - ${APP_NAME}` : APP_NAME;
}

/** "#users" -> "Users" */
export function humaniseFragment(fragment: string): string {
  const f = decodeURIComponent(fragment.replace(/^#/, '')).trim();
  return f ? f.charAt(0).toUpperCase() + f.slice(1) : '';
}
