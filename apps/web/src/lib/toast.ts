/** A bridge so code outside React (API client, flows) can show PrimeReact toasts. */
import type { ToastMessage } from 'primereact/toast';

type ShowToast = (message: ToastMessage | ToastMessage[]) => void;

let show: ShowToast | null = null;
const queued: ToastMessage[] = [];

let clearAll: (() => void) | null = null;
let removeOne: ShowToast | null = null;

/**
 * The toasts on screen that a navigation takes away: the non-sticky ones, until the Toast reports
 * them gone (forget). A navigation the person asked for after a toast appeared (a click or a key
 * press since, or the browser's back and forward) takes it away; navigations that follow the action
 * by themselves do not: "Saved" and the dialog's route closing, Organization Changed and its landing
 * page however long that takes, a screen correcting its own address. Counted in the person's
 * inputs, not in time: a fast hand and a slow landing page are told apart alike.
 */
const transient = new Map<ToastMessage, number>();
let inputs = 0;
const DEFAULT_LIFE_MS = 3000;

export function registerToast(fn: ShowToast | null, clear?: () => void, remove?: ShowToast): void {
  show = fn;
  clearAll = clear ?? null;
  removeOne = remove ?? null;
  if (show && queued.length) show(queued.splice(0));
}

export const toast = {
  show(message: ToastMessage): void {
    if (!message.sticky) transient.set(message, inputs);
    if (show) show(message);
    else queued.push(message);
  },
  /** the person pressed a key or a pointer button */
  input(): void {
    inputs += 1;
  },
  /**
   * Another screen was opened: the toasts shown before the person's last input go now, not at the
   * end of their life (sticky ones stay until closed). `byHistory`: the browser's back or forward,
   * which is the person's own however it was asked.
   */
  navigated(byHistory = false): void {
    for (const [message, inputsWhenShown] of transient) {
      if (byHistory || inputs > inputsWhenShown) toast.remove(message);
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
  success(summary: string, detail?: string): void {
    toast.show({ severity: 'success', summary, detail, life: DEFAULT_LIFE_MS });
  },
  info(summary: string, detail?: string): void {
    toast.show({ severity: 'info', summary, detail, life: DEFAULT_LIFE_MS });
  },
  error(summary: string, detail?: string, sticky = false): void {
    toast.show({ severity: 'error', summary, detail, sticky, life: sticky ? undefined : 6000 });
  },
};
