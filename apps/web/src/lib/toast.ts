/** A bridge so code outside React (API client, flows) can show PrimeReact toasts. */
import type { ToastMessage } from 'primereact/toast';
import { TOAST_NAVIGATION_GRACE_MS } from './ui-constants';

type ShowToast = (message: ToastMessage | ToastMessage[]) => void;

let show: ShowToast | null = null;
const queued: ToastMessage[] = [];

let clearAll: (() => void) | null = null;
let removeOne: ShowToast | null = null;

/**
 * The toasts on screen that a navigation takes away: the non-sticky ones, until the Toast reports
 * them gone (forget). One shown within TOAST_NAVIGATION_GRACE_MS before a navigation came with it
 * and stays through every navigation in that time; one announcing the navigation it comes with (Organization Changed)
 * stays through that one however long the landing page takes to open.
 */
const transient = new Map<ToastMessage, { shownAt: number; announcesNavigation: boolean; stayedThrough: boolean }>();
const DEFAULT_LIFE_MS = 3000;

export interface ToastOptions {
  /** the toast tells of the navigation it comes with (the screen it leads to): that navigation leaves it */
  announcesNavigation?: boolean;
}

export function registerToast(fn: ShowToast | null, clear?: () => void, remove?: ShowToast): void {
  show = fn;
  clearAll = clear ?? null;
  removeOne = remove ?? null;
  if (show && queued.length) show(queued.splice(0));
}

export const toast = {
  show(message: ToastMessage, options: ToastOptions = {}): void {
    if (!message.sticky) transient.set(message, { shownAt: Date.now(), announcesNavigation: !!options.announcesNavigation, stayedThrough: false });
    if (show) show(message);
    else queued.push(message);
  },
  /**
   * Another screen was opened: the toasts of the screen left go now, not at the end of their life
   * (sticky ones stay until closed; one announcing this navigation stays through it).
   */
  navigated(): void {
    const now = Date.now();
    for (const [message, entry] of transient) {
      // the navigation it announces, however late it comes (checked first: a quick one is still it)
      if (entry.announcesNavigation && !entry.stayedThrough) {
        entry.stayedThrough = true;
        continue;
      }
      // shown just before: it came with the action that navigated ("Saved", then the dialog's route
      // closes, and the screen it lands on may correct its own address once more)
      if (now - entry.shownAt <= TOAST_NAVIGATION_GRACE_MS) continue;
      toast.remove(message);
    }
  },
  /** the Toast no longer shows this message (its life ended, or it was closed) */
  forget(message: ToastMessage): void {
    transient.delete(message);
  },
  /** remove one toast shown before: the very message object given to show() */
  remove(message: ToastMessage): void {
    transient.delete(message);
    const at = queued.indexOf(message);
    if (at >= 0) queued.splice(at, 1);
    removeOne?.(message);
  },
  /** remove every toast, sticky ones included */
  clear(): void {
    transient.clear();
    queued.length = 0;
    clearAll?.();
  },
  success(summary: string, detail?: string, options?: ToastOptions): void {
    toast.show({ severity: 'success', summary, detail, life: DEFAULT_LIFE_MS }, options);
  },
  info(summary: string, detail?: string): void {
    toast.show({ severity: 'info', summary, detail, life: DEFAULT_LIFE_MS });
  },
  error(summary: string, detail?: string, sticky = false): void {
    toast.show({ severity: 'error', summary, detail, sticky, life: sticky ? undefined : 6000 });
  },
};
