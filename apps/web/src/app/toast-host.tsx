/**
 * The app's one Toast, handed to the toast bridge (lib/toast.ts). Its own chunk, loaded as the root
 * layout first renders: the Toast and its transitions and icons are not part of what /login
 * downloads before it runs; a toast raised before it is in place waits in the bridge's queue.
 */
import { Toast } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import { registerToast } from '../lib/toast';

export function ToastHost() {
  const toastRef = useRef<Toast>(null);

  useEffect(() => {
    registerToast(
      (m) => toastRef.current?.show(m),
      () => toastRef.current?.clear(),
      (m) => toastRef.current?.remove(m),
    );
    return () => registerToast(null);
  }, []);

  return <Toast ref={toastRef} position="top-right" />;
}

export default ToastHost;
