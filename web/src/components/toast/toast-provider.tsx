import { useCallback, useEffect, useMemo, useRef, type ReactNode, type RefAttributes } from 'react';
import type { Toast as ToastHandle, ToastMessage, ToastProps } from 'primereact/toast';
import { TOAST_HOTKEY, TOAST_LIFE_MS, TOAST_REGION_LABEL } from '../../config/constants';
import { ToastContext, type ToastApi, type ToastOptions } from './toast-context';
import { clientOnly } from '../../lib/lazy-component';
import { useSwipeToDismiss } from './swipe';

/** PrimeReact's toast (with its transitions) loads just after the page, not with it. */
const Toast = clientOnly<ToastProps & RefAttributes<ToastHandle>>(() => import('primereact/toast').then((m) => m.Toast));

/** One toast at a time, 5 s by default, swipe right to dismiss, F8 focuses the region (spec §9). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const toast = useRef<ToastHandle | null>(null);
  /** A toast asked for before the component has loaded: shown as soon as it has (one at a time, so the last one). */
  const pending = useRef<ToastMessage | null>(null);
  const region = useRef<HTMLElement>(null);

  const attach = useCallback((instance: ToastHandle | null) => {
    toast.current = instance;
    if (instance && pending.current) {
      instance.replace(pending.current);
      pending.current = null;
    }
  }, []);
  const showToast = useCallback((options: ToastOptions) => {
    const message: ToastMessage = { severity: 'info', life: TOAST_LIFE_MS, ...options };
    if (toast.current) toast.current.replace(message);
    else pending.current = message;
  }, []);
  const dismissToast = useCallback(() => {
    pending.current = null;
    toast.current?.clear();
  }, []);
  const swipe = useSwipeToDismiss(dismissToast);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return;
      event.preventDefault();
      region.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const api = useMemo<ToastApi>(() => ({ showToast, dismissToast }), [showToast, dismissToast]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section ref={region} aria-label={TOAST_REGION_LABEL} tabIndex={-1} className="toast-region" {...swipe}>
        {/* Bottom-right, so a toast never covers the header buttons (Disconnect) while it shows. */}
        <Toast ref={attach} appendTo="self" position="bottom-right" />
      </section>
    </ToastContext.Provider>
  );
}
