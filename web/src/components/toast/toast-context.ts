import { createContext, useContext } from 'react';

export interface ToastOptions {
  severity?: 'success' | 'info' | 'warn' | 'error';
  summary: string;
  detail?: string;
  /** Milliseconds; 5000 unless given. */
  life?: number;
}

export interface ToastApi {
  /** Shows `options`, replacing the toast on screen: at most one is visible at a time. */
  showToast: (options: ToastOptions) => void;
  dismissToast: () => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
