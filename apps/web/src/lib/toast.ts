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
 * them gone (forget). One shown within TOAST_NAVIGATION_GRACE_MS before a navigation came with the
 * action that navigated ("Saved", then the dialog's route closes) and stays through it, and through
 * the navigations that follow in that moment by themselves (the screen landed on correcting its own
 * address); a further one the person asks for (a key or pointer press since) takes it. One announcing the navigation it comes with
 * (Organization Changed) stays through that one however long the landing page takes to open.
 */
const transient = new Map<ToastMessage, { shownAt: number; inputs: number; announcesNavigation: boolean; stayedThrough: boolean }>();
let inputs = 0;
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
    if (!message.sticky) transient.set(message, { shownAt: Date.now(), inputs, announcesNavigation: !!options.announcesNavigation, stayedThrough: false });
    if (show) show(message);
    else queued.push(message);
  },
  /** the person pressed a key or a pointer button */
  input(): void {
    inputs += 1;
  },
  /**
   * Another screen was opened: the toasts of the screen left go now, not at the end of their life
   * (sticky ones stay until closed). `byHistory`: the browser's back or forward, the person's own.
   */
  navigated(byHistory = false): void {
    const now = Date.now();
    for (const [message, entry] of transient) {
      if (!byHistory) {
        // the navigation it announces, however late it comes
        if (entry.announcesNavigation && !entry.stayedThrough) {
          entry.stayedThrough = true;
          continue;
        }
        // shown just before: it came with the action that navigated, and stays through the
        // navigations that follow it in that moment by themselves (one the person asks for, with a
        // key or pointer press since, takes it)
        if (now - entry.shownAt <= TOAST_NAVIGATION_GRACE_MS && (!entry.stayedThrough || inputs === entry.inputs)) {
          entry.stayedThrough = true;
          continue;
        }
      }
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
