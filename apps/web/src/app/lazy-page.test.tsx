import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { MemoryRouter, useRoutes, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_NAME } from '@orchard/shared/core';
import { en, enPublic } from '@orchard/shared/i18n';
import { i18n } from '../lib/i18n-core';
import { loadAllTexts } from '../lib/load-all-texts';
import { lazyPage } from './lazy-page';
import { usePageTitle } from './use-page-title';

// this file imports only the public texts (lib/i18n-core), as the login route does

function Harvest() {
  const { t } = useTranslation();
  return <h1>{t('harvest.titles.intake')}</h1>;
}

// as RootLayout: the title outside the Suspense boundary the pages load in
function Routes({ routes }: { routes: RouteObject[] }) {
  usePageTitle(routes);
  return <Suspense fallback={<p>loading</p>}>{useRoutes(routes)}</Suspense>;
}

/** The page at /harvest under the router and the catalogue, as the app renders its pages. */
function renderHarvest(Page: ComponentType) {
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/harvest']}>
        <Routes routes={[{ path: '/harvest', handle: { title: 'harvest.titles.intake' }, element: <Page /> }]} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('public texts first, the whole catalogue with the first page past them', () => {
  afterEach(cleanup);

  it('starts with the public texts only', () => {
    expect(i18n.t('login.title')).toBe(enPublic.login.title);
    expect(i18n.exists('shell.logout')).toBe(false);
    expect(Object.keys(en)).toEqual(expect.arrayContaining(Object.keys(enPublic)));
  });

  it('a lazy page renders with its texts; the page title waits for them instead of showing a key', async () => {
    document.title = `${enPublic.titles.login} - ${APP_NAME}`;
    const Page = lazyPage(() => Promise.resolve({ default: Harvest }));
    const routes: RouteObject[] = [{ path: '/harvest', handle: { title: 'harvest.titles.intake' }, element: <Page /> }];
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/harvest']}>
          <Routes routes={routes} />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(document.title).toBe(`${enPublic.titles.login} - ${APP_NAME}`);
    expect(await screen.findByRole('heading', { name: en.harvest.titles.intake })).toBeTruthy();
    expect(i18n.t('shell.logout')).toBe(en.shell.logout);
    await waitFor(() => expect(document.title).toBe(`${en.harvest.titles.intake} - ${APP_NAME}`));
  });

  it('preload fetches the chunk ahead of the render, once, and the render uses what it fetched', async () => {
    let loads = 0;
    let release: () => void = () => undefined;
    const chunk = new Promise<{ default: typeof Harvest }>((resolve) => (release = () => resolve({ default: Harvest })));
    const Page = lazyPage(() => {
      loads += 1;
      return chunk;
    });
    Page.preload();
    expect(loads).toBe(1);
    release();
    await chunk;
    renderHarvest(Page);
    expect(await screen.findByRole('heading', { name: en.harvest.titles.intake })).toBeTruthy();
  });

  it('a page whose code has arrived renders at once, without showing the fallback', async () => {
    const Page = lazyPage(() => Promise.resolve({ default: Harvest }));
    Page.preload();
    // the chunk and the texts settle (the catalogue is one module, imported once)
    await loadAllTexts();
    await new Promise((r) => setTimeout(r, 0));
    renderHarvest(Page);
    // in the first commit: no "loading", the page itself
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByRole('heading', { name: en.harvest.titles.intake })).toBeTruthy();
  });

  it('a failed load is tried again by the next render', async () => {
    let attempts = 0;
    const Page = lazyPage(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject<{ default: typeof Harvest }>(new Error('offline')) : Promise.resolve({ default: Harvest });
    });
    Page.preload();
    await loadAllTexts();
    await new Promise((r) => setTimeout(r, 0));
    renderHarvest(Page);
    expect(await screen.findByRole('heading', { name: en.harvest.titles.intake })).toBeTruthy();
    expect(attempts).toBe(2);
  });
});
