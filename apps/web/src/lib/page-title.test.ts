import { describe, expect, it } from 'vitest';
import { APP_NAME } from '@orchard/shared/core';
import { buildPageTitle, humaniseFragment } from './page-title';

describe('buildPageTitle', () => {
  it('appends the app name to the route title', () => {
    expect(buildPageTitle('Dashboard')).toBe('Dashboard - Orchard Ops');
    expect(APP_NAME).toBe('Orchard Ops');
  });
  it('adds the fragment between title and app name', () => {
    expect(buildPageTitle('Settings', '#users')).toBe('Settings - Users - Orchard Ops');
    expect(buildPageTitle('Settings', 'roles')).toBe('Settings - Roles - Orchard Ops');
  });
  it('falls back to the app name alone', () => {
    expect(buildPageTitle()).toBe('Orchard Ops');
    expect(buildPageTitle('', '')).toBe('Orchard Ops');
    expect(buildPageTitle(null, '#')).toBe('Orchard Ops');
  });
  it('humanises fragments', () => {
    expect(humaniseFragment('#users')).toBe('Users');
    expect(humaniseFragment('')).toBe('');
  });
});
