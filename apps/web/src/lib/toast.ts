/** A bridge so code outside React (API client, flows) can show PrimeReact toasts. */
import type { ToastMessage } from 'primereact/toast';

type ShowToast = (message: ToastMessage | ToastMessage[]) => void;

let show: ShowToast | null = null;
const queued: ToastMessage[] = [];

let clearAll: (() => void) | null = null;
let removeOne: ShowToast | null = null;

export function registerToast(fn: ShowToast | null, clear?: () => void, remove?: ShowToast): void {
  show = fn;
  clearAll = clear ?? null;
  removeOne = remove ?? null;
  if (show && queued.length) show(queued.splice(0));
}

export const toast = {
  show(message: ToastMessage): void {
    if (show) show(message);
    else queued.push(message);
  },
  /** remove one toast shown before: the very message object given to show() */
  remove(message: ToastMessage): void {
    const at = queued.indexOf(message);
    if (at >= 0) queued.splice(at, 1);
    removeOne?.(message);
  },
  /** remove every toast, sticky ones included */
  clear(): void {
    queued.length = 0;
    clearAll?.();
  },
  success(summary: string, detail?: string): void {
    toast.show({ severity: 'success', summary, detail, life: 3000 });
  },
  info(summary: string, detail?: string): void {
    toast.show({ severity: 'info', summary, detail, life: 3000 });
  },
  error(summary: string, detail?: string, sticky = false): void {
    toast.show({ severity: 'error', summary, detail, sticky, life: sticky ? undefined : 6000 });
  },
};
