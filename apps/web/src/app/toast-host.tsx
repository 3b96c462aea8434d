/**
 * The app's one Toast, handed to the toast bridge (lib/toast.ts). Its own chunk, loaded as the root
 * layout first renders: the Toast and its transitions and icons are not part of what /login
 * downloads before it runs; a toast raised before it is in place waits in the bridge's queue.
 * Opening another screen takes the toasts of the one left away (sticky ones stay).
 */
import { Toast } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { registerToast, toast } from '../lib/toast';

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

  // a toast belongs to the screen it was shown on: opening another because the person asked takes
  // it away (lib/toast.ts), so the person's key presses and pointer presses are counted
  useEffect(() => {
    const input = () => toast.input();
    document.addEventListener('keydown', input, true);
    document.addEventListener('pointerdown', input, true);
    return () => {
      document.removeEventListener('keydown', input, true);
      document.removeEventListener('pointerdown', input, true);
    };
  }, []);
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    toast.navigated(navigationType === 'POP');
  }, [pathname, navigationType]);

  return <Toast ref={toastRef} position="top-right" onRemove={(message) => toast.forget(message)} />;
}

export default ToastHost;
