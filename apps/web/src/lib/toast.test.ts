import type { ToastMessage } from 'primereact/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerToast, toast } from './toast';

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

  it('a navigation the person asked for takes away the toasts of the screen left; sticky ones stay', () => {
    toast.success('Welcome', 'Admin');
    toast.error('Unable to login', 'Invalid username or password', true);
    toast.input();
    toast.navigated();
    expect(removed.map((m) => m.summary)).toEqual(['Welcome']);
  });

  it('navigations that follow the action by themselves leave its toast, however many and however late', () => {
    // the click on Save, then the answer: the toast, the dialog's route closing, the screen landed on correcting its address
    toast.input();
    toast.success('Saved');
    toast.navigated();
    vi.advanceTimersByTime(60_000);
    toast.navigated();
    expect(removed).toEqual([]);
    // the person opens another screen, however soon
    toast.input();
    toast.navigated();
    expect(removed.map((m) => m.summary)).toEqual(['Saved']);
  });

  it('Organization Changed stays through its landing page and goes with the next screen the person opens', () => {
    toast.input(); // the organisation chosen in the list
    toast.success('Organization Changed', 'Sundays River Packers');
    toast.navigated();
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
    toast.input();
    toast.navigated();
    expect(removed).toEqual([]);
  });
});
