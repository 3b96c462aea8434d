import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { trackModuleLoad } from '../lib/module-loads';
import { clearSession } from '../lib/session/session-store';

// the parts around the loading bar, counted instead of drawn
const drawn = vi.hoisted(() => ({ topBar: 0 }));
vi.mock('../features/shell/components/top-bar', () => ({
  TopBar: () => {
    drawn.topBar += 1;
    return <header>top bar</header>;
  },
}));
vi.mock('../features/shell/components/tree-menu', () => ({ TreeMenu: () => null }));
vi.mock('../features/shell/components/mobile-menu', () => ({ MobileMenu: () => null }));
vi.mock('./top-bar-bell', () => ({ TopBarBell: () => null }));
vi.mock('../lib/outbox/app-outbox', () => ({ useOutboxSender: () => undefined }));
vi.mock('../lib/session/offline-session', () => ({ keepOfflineSession: () => () => undefined }));

const { ShellLayout } = await import('./shell-layout');

function renderShell() {
  return render(
    <MemoryRouter initialEntries={['/page']}>
      <Routes>
        <Route element={<ShellLayout />}>
          <Route path="page" element={<p>the page</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

const bar = () => screen.queryByRole('progressbar');

describe('the shell while queries fetch', () => {
  afterEach(() => {
    cleanup();
    queryClient.clear();
    clearSession();
  });

  it('shows the loading bar for a fetch without drawing the top bar again', async () => {
    renderShell();
    expect(screen.getByText('the page')).toBeTruthy();
    expect(bar()).toBeNull();
    const before = drawn.topBar;

    let answer!: (value: number) => void;
    let done!: Promise<number>;
    act(() => {
      done = queryClient.fetchQuery({ queryKey: ['org', 1, 'rows'], queryFn: () => new Promise<number>((r) => (answer = r)) });
    });
    await waitFor(() => expect(bar()).not.toBeNull());

    await act(async () => {
      answer(1);
      await done;
    });
    await waitFor(() => expect(bar()).toBeNull());
    expect(drawn.topBar).toBe(before);
  });

  it('shows it while a page module loads, and ignores image fetches', async () => {
    renderShell();
    const before = drawn.topBar;

    let loaded!: () => void;
    act(() => {
      void trackModuleLoad(new Promise<void>((r) => (loaded = r)));
    });
    await waitFor(() => expect(bar()).not.toBeNull());
    act(() => loaded());
    await waitFor(() => expect(bar()).toBeNull());

    // an image's fetch, left unanswered: the bar stays away (let a fetch's notice through first)
    act(() => {
      queryClient.fetchQuery({ queryKey: ['blob', 1, 'photos', 'a'], queryFn: () => new Promise<Blob>(() => undefined) }).catch(() => undefined);
    });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(queryClient.isFetching()).toBe(1);
    expect(bar()).toBeNull();
    expect(drawn.topBar).toBe(before);
  });
});
