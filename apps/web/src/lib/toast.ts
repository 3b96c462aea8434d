/** A bridge so code outside React (API client, flows) can show PrimeReact toasts. */
import type { ToastMessage } from 'primereact/toast';

type ShowToast = (message: ToastMessage | ToastMessage[]) => void;

let show: ShowToast | null = null;
const queued: ToastMessage[] = [];

let clearAll: (() => void) | null = null;

export function registerToast(fn: ShowToast | null, clear?: () => void): void {
  show = fn;
  clearAll = clear ?? null;
  if (show && queued.length) show(queued.splice(0));
}

export const toast = {
  show(message: ToastMessage): void {
    if (show) show(message);
    else queued.push(message);
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
