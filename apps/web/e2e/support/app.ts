/** Shared steps and locators for the browser suite; every text comes from the shared English texts. */
import { expect, type Locator, type Page } from '@playwright/test';
import { APP_NAME } from '@orchard/shared/core';
import { en } from '@orchard/shared/i18n';
import { settled } from './axe-check';
import type { DemoUser } from './demo-users';

export { en };

/** The document title of a page: route title, then the app name. */
export const pageTitle = (title: string) => `${title} - ${APP_NAME}`;

export const TOKEN_URL = '**/connect/token';

/** An exact, whole-string match for getByText/hasText. */
export const exactly = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);

/** The login form's controls, on the page or inside the session-expired dialog. */
export function loginForm(scope: Page | Locator) {
  return {
    username: scope.getByLabel(en.login.username, { exact: true }),
    password: scope.getByLabel(en.login.password, { exact: true }),
    rememberMe: scope.getByLabel(en.login.rememberMe, { exact: true }),
    logIn: scope.getByRole('button', { name: en.login.logIn, exact: true }),
    loggingIn: scope.getByRole('button', { name: en.login.loggingIn, exact: true }),
  };
}

/** A toast by its summary (and optionally its detail), matched exactly. */
export function toast(page: Page, summary: string, detail?: string): Locator {
  let message = page.locator('.p-toast-message').filter({ has: page.locator('.p-toast-summary', { hasText: exactly(summary) }) });
  if (detail !== undefined) message = message.filter({ has: page.locator('.p-toast-detail', { hasText: exactly(detail) }) });
  return message;
}

export async function fillLogin(scope: Page | Locator, user: Pick<DemoUser, 'userName' | 'password'>, rememberMe = false) {
  const form = loginForm(scope);
  await form.username.fill(user.userName);
  await form.password.fill(user.password);
  if (rememberMe) await form.rememberMe.check();
}

/**
 * Signs in through the login screen and waits for the shell on the landing page (the dashboard
 * unless `landing` names the user's own). `path` lets a test open the login page with a query (e.g. ?path=anb).
 */
export async function signIn(page: Page, user: DemoUser, options: { rememberMe?: boolean; path?: string; landing?: RegExp } = {}) {
  await page.goto(options.path ?? '/login');
  await fillLogin(page, user, options.rememberMe);
  await loginForm(page).logIn.click();
  await expect(page).toHaveURL(options.landing ?? /\/dashboard$/);
  await expectShellFor(page, user);
}

/** The top bar shows the user's full name and job title; the main menu is there. */
export async function expectShellFor(page: Page, user: DemoUser) {
  const banner = page.getByRole('banner');
  await expect(banner.getByText(user.fullName, { exact: true })).toBeVisible();
  await expect(banner.getByText(user.jobTitle, { exact: true })).toBeVisible();
}

/** The organisation dropdown's focusable input carries the current organisation's name as its value. */
export const organizationInput = (scope: Page | Locator) => scope.getByLabel(en.shell.organization, { exact: true }).first();
export const organizationButton = (scope: Page | Locator) => scope.getByRole('button', { name: en.shell.organization, exact: true });

/** A JSON error envelope as the server sends it. */
export function errorEnvelope(code: string, message: string) {
  return JSON.stringify({ error: { code, message }, requestId: 'e2e-request' });
}

/** The refresh cookie (httpOnly, path /connect). */
export async function refreshCookie(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.path === '/connect' && c.httpOnly);
}

/**
 * Records, inside the page, when things happen: history navigations (nav:/path), toast summaries
 * (toast:Text), dialog headers (dialog:Text) and the login button's label (button:Text), each with
 * performance.now(). Used to check the product's 500 ms delays without sleeping in the test.
 */
export async function recordTimeline(page: Page) {
  await page.addInitScript(() => {
    type Entry = { label: string; t: number };
    const timeline: Entry[] = [];
    (window as unknown as { __timeline: Entry[] }).__timeline = timeline;
    const seen = new Set<string>();
    const push = (label: string) => timeline.push({ label, t: performance.now() });
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
        original(data, unused, url);
        push(`nav:${location.pathname}`);
      };
    }
    let buttonLabel = '';
    const scan = () => {
      const present = new Set<string>();
      document.querySelectorAll('.p-toast-summary').forEach((el) => present.add(`toast:${el.textContent?.trim()}`));
      document.querySelectorAll('.p-dialog-title').forEach((el) => present.add(`dialog:${el.textContent?.trim()}`));
      for (const label of present) if (!seen.has(label)) push(label);
      seen.forEach((label) => {
        if (!present.has(label)) seen.delete(label);
      });
      present.forEach((label) => seen.add(label));
      const button = document.querySelector('.login-button .p-button-label')?.textContent?.trim() ?? '';
      if (button && button !== buttonLabel) push(`button:${button}`);
      buttonLabel = button;
    };
    new MutationObserver(scan).observe(document, { subtree: true, childList: true, characterData: true });
    // when each answer finished arriving: a timer the app starts on an answer starts after this
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
        timeline.push({ label: `response:${new URL(entry.name).pathname}`, t: entry.responseEnd });
      }
    }).observe({ type: 'resource', buffered: true });
  });
}

export type TimelineEntry = { label: string; t: number };

export async function timeline(page: Page): Promise<TimelineEntry[]> {
  return page.evaluate(() => (window as unknown as { __timeline: TimelineEntry[] }).__timeline);
}

/** The time of the first entry with this label (after `after`, if given); throws when absent. */
export function at(entries: TimelineEntry[], label: string, after = -Infinity): number {
  const found = entries.find((e) => e.label === label && e.t >= after);
  if (!found) throw new Error(`No "${label}" in the timeline: ${entries.map((e) => e.label).join(', ')}`);
  return found.t;
}

/** A promise and the function that settles it: lets a routed request wait until the test has looked. */
export function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Page scroll width: no horizontal page scroll when <= the viewport width. */
export const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * Opens a screen from the main menu as a person does: where the window is narrow, from the
 * hamburger menu first. `labels` are the branches down to the screen's own entry; a closed branch
 * is opened, an open one left as it is.
 */
export async function openFromMenu(page: Page, ...labels: string[]) {
  const hamburger = page.getByRole('button', { name: en.shell.openMenu, exact: true });
  // the entry is clicked where it rests: a branch still sliding open moves what lies below it
  if (await hamburger.isVisible()) {
    await hamburger.click();
    await expect(page.locator('.mobile-menu')).toBeVisible();
    await settled(page);
  }
  const nav = page.getByRole('navigation', { name: en.shell.mainMenu });
  for (const branch of labels.slice(0, -1)) {
    const button = nav.locator('button.tree-menu-branch').filter({ hasText: exactly(branch) });
    if ((await button.getAttribute('aria-expanded')) !== 'true') {
      await button.click();
      await settled(page);
    }
    await expect(button).toHaveAttribute('aria-expanded', 'true');
  }
  await nav.getByRole('link', { name: labels.at(-1), exact: true }).click();
  await expect(page.locator('.mobile-menu')).toHaveCount(0);
}
