import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Toast } from 'primereact/toast';
import { TOAST_HOTKEY, TOAST_LIFE_MS, TOAST_REGION_LABEL } from '../../config/constants';
import { ToastContext, type ToastApi, type ToastOptions } from './toast-context';
import { useSwipeToDismiss } from './swipe';

/** One toast at a time, 5 s by default, swipe right to dismiss, F8 focuses the region (spec §9). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const toast = useRef<Toast>(null);
  const region = useRef<HTMLElement>(null);

  const showToast = useCallback((options: ToastOptions) => {
    toast.current?.replace({ severity: 'info', life: TOAST_LIFE_MS, ...options });
  }, []);
  const dismissToast = useCallback(() => toast.current?.clear(), []);
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
      <section ref={region} role="region" aria-label={TOAST_REGION_LABEL} tabIndex={-1} className="toast-region" {...swipe}>
        {/* Bottom-right, so a toast never covers the header buttons (Disconnect) while it shows. */}
        <Toast ref={toast} appendTo="self" position="bottom-right" />
      </section>
    </ToastContext.Provider>
  );
}
