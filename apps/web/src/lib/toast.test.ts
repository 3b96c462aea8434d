import type { ToastMessage } from 'primereact/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerToast, toast } from './toast';
import { TOAST_NAVIGATION_GRACE_MS } from './ui-constants';

describe('toasts and navigation', () => {
  const shown: ToastMessage[] = [];
  const removed: ToastMessage[] = [];

  beforeEach(() => {
    vi.useFakeTimers();
    shown.length = 0;
    removed.length = 0;
    registerToast(
      (m) => shown.push(...(Array.isArray(m) ? m : [m])),
      () => undefined,
      (m) => removed.push(...(Array.isArray(m) ? m : [m])),
    );
  });
  afterEach(() => {
    toast.clear();
    registerToast(null);
    vi.useRealTimers();
  });

  it('a navigation takes away the toasts of the screen left; sticky ones stay', () => {
    toast.success('Welcome', 'Admin');
    toast.error('Unable to login', 'Invalid username or password', true);
    vi.advanceTimersByTime(TOAST_NAVIGATION_GRACE_MS + 1);
    toast.navigated();
    expect(removed.map((m) => m.summary)).toEqual(['Welcome']);
  });

  it('a toast shown just before the navigation came with it: it stays through every navigation of that moment, not a later one', () => {
    toast.success('Saved');
    toast.navigated();
    // the screen landed on corrects its own address: still the same moment
    toast.navigated();
    expect(removed).toEqual([]);
    vi.advanceTimersByTime(TOAST_NAVIGATION_GRACE_MS + 1);
    toast.navigated();
    expect(removed.map((m) => m.summary)).toEqual(['Saved']);
  });

  it('within that moment, a further navigation after a key or pointer press is the person\'s: it takes the toast', () => {
    toast.input(); // Save
    toast.success('Saved');
    toast.navigated(); // the dialog's route closes
    toast.input(); // the person opens another screen at once
    toast.navigated();
    expect(removed.map((m) => m.summary)).toEqual(['Saved']);
  });

  it('a toast announcing its navigation stays through it however late it comes, then goes with the next', () => {
    toast.success('Organization Changed', 'Sundays River Packers', { announcesNavigation: true });
    vi.advanceTimersByTime(5 * TOAST_NAVIGATION_GRACE_MS);
    toast.navigated();
    expect(removed).toEqual([]);
    vi.advanceTimersByTime(TOAST_NAVIGATION_GRACE_MS + 1);
    toast.navigated();
    expect(removed.map((m) => m.summary)).toEqual(['Organization Changed']);
  });

  it('Organization Changed and its quick landing: the next screen the person opens at once takes it', () => {
    toast.success('Organization Changed', 'Sundays River Packers', { announcesNavigation: true });
    toast.navigated();
    toast.navigated(); // the landing page corrects its address
    expect(removed).toEqual([]);
    toast.input(); // a key press opens Harvest at once
    toast.navigated();
    expect(removed.map((m) => m.summary)).toEqual(['Organization Changed']);
  });

  it("the browser's back and forward are the person's own", () => {
    toast.success('Saved');
    toast.navigated(true);
    expect(removed.map((m) => m.summary)).toEqual(['Saved']);
  });

  it('a toast the Toast reports gone is not removed again', () => {
    toast.success('Saved');
    toast.forget(shown[0]!);
    vi.advanceTimersByTime(TOAST_NAVIGATION_GRACE_MS + 1);
    toast.navigated();
    expect(removed).toEqual([]);
  });
});
